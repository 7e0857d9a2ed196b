package io.partita.storage.expression;

/** One action of an update expression: {@code SET path = value}, {@code REMOVE path}, {@code ADD/DELETE path :v}. */
final class UpdateAction {
    static final int SET = 0;
    static final int REMOVE = 1;
    static final int ADD = 2;
    static final int DELETE = 3;

    final int type;
    final Path path;
    /** The value of a SET; null otherwise. */
    final Ast.Operand value;
    /** The {@code :value} of an ADD or DELETE; null otherwise. */
    final String valueRef;

    UpdateAction(int type, Path path, Ast.Operand value, String valueRef) {
        this.type = type;
        this.path = path;
        this.value = value;
        this.valueRef = valueRef;
    }
}
