package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.ValidationException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What every parsed expression shares: its text, its kind, the placeholders it refers to, and the checks of
 * placeholder values that DynamoDB makes before looking at any item. Immutable and thread-safe.
 */
abstract class CompiledExpression implements ParsedExpression {
    final String text;
    final ExpressionKind kind;
    final String prefix;
    private final Set<String> nameRefs;
    private final Set<String> valueRefs;
    private final String[] nameRefArray;
    private final String[] valueRefArray;
    private final Parser.Check[] checks;
    /** Every document path of the expression, in source order. */
    final Path[] documentPaths;

    CompiledExpression(Parser parser) {
        this.text = parser.text;
        this.kind = parser.kind;
        this.prefix = parser.prefix;
        this.nameRefs = Collections.unmodifiableSet(new LinkedHashSet<>(parser.nameRefs));
        this.valueRefs = Collections.unmodifiableSet(new LinkedHashSet<>(parser.valueRefs));
        this.nameRefArray = parser.nameRefs.toArray(new String[0]);
        this.valueRefArray = parser.valueRefs.toArray(new String[0]);
        this.checks = parser.checks.toArray(new Parser.Check[0]);
        this.documentPaths = parser.parsedPaths.toArray(new Path[0]);
    }

    @Override
    public final Set<String> nameRefs() {
        return nameRefs;
    }

    @Override
    public final Set<String> valueRefs() {
        return valueRefs;
    }

    /** The value placeholders used, distinct, in source order: not to be modified. */
    final String[] valueRefArray() {
        return valueRefArray;
    }

    @Override
    public final void validate(Placeholders placeholders) {
        validateResolved(prepare(placeholders));
    }

    /** Checks that need the request's attribute names (e.g. overlapping paths behind #name placeholders). */
    void validateResolved(Placeholders placeholders) {}

    /** True if any {@code #name} placeholder appears (paths must then be resolved per request). */
    final boolean hasNameRefs() {
        return nameRefArray.length > 0;
    }

    /**
     * Validates a request's placeholders against this expression as DynamoDB does before evaluating it: every
     * placeholder used is defined, and placeholder values have the types their operators require.
     */
    final Placeholders prepare(Placeholders placeholders) {
        Placeholders ph = placeholders == null ? Placeholders.NONE : placeholders;
        try {
            for (String ref : nameRefArray) {
                ph.name(ref);
            }
            for (String ref : valueRefArray) {
                ph.value(ref);
            }
        } catch (ValidationException e) {
            throw Message.ExpressionPlaceholder.exception(kind.parameterName(), e.getMessage());
        }
        for (Parser.Check check : checks) {
            check.run(ph);
        }
        return ph;
    }

    @Override
    public String toString() {
        return kind.parameterName() + ": " + text;
    }
}
