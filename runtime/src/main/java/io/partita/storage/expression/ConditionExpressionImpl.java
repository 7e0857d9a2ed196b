package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.Map;

/** A parsed condition or filter expression. */
final class ConditionExpressionImpl extends CompiledExpression implements ConditionExpression {
    private final Ast.Cond root;

    ConditionExpressionImpl(Parser parser, Ast.Cond root) {
        super(parser);
        this.root = root;
    }

    static ConditionExpressionImpl parse(String text, ExpressionKind kind) {
        Parser parser = new Parser(text, kind);
        Ast.Cond root = parser.parseConditionExpression();
        return new ConditionExpressionImpl(parser, root);
    }

    @Override
    public boolean test(Map<String, AttributeValue> item, Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        return root.test(item == null ? Map.of() : item, ph);
    }
}
