package io.partita.storage.expression;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A request's ExpressionAttributeNames and ExpressionAttributeValues, shared by all its expressions. */
public final class Placeholders {
    public static final Placeholders NONE = new Placeholders(Map.of(), Map.of());

    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;

    public Placeholders(Map<String, String> names, Map<String, AttributeValue> values) {
        this.names = names == null ? Map.of() : names;
        this.values = values == null ? Map.of() : values;
    }

    /** Resolves {@code #name} to the attribute name it stands for. */
    public String name(String ref) {
        String name = names.get(ref);
        if (name == null) {
            throw new ValidationException(
                    "An expression attribute name used in the document path is not defined; attribute name: " + ref);
        }
        return name;
    }

    /** Resolves {@code :value} to its attribute value. */
    public AttributeValue value(String ref) {
        AttributeValue value = values.get(ref);
        if (value == null) {
            throw new ValidationException(
                    "An expression attribute value used in expression is not defined; attribute value: " + ref);
        }
        return value;
    }

    /**
     * Everything DynamoDB checks about a request's expressions before it reads any item: each expression's
     * placeholders are defined and their values fit their operators ({@link ParsedExpression#validate}), and
     * every placeholder the request defines is used by some expression. Pass every expression of the request
     * (nulls are skipped).
     */
    public void checkExpressions(ParsedExpression... expressions) {
        // Everything DynamoDB checks before reading an item, for all of the request's expressions at once:
        // a transaction must fail as a whole here, not as one action's cancellation reason later.
        for (ParsedExpression e : expressions) {
            if (e != null) {
                e.validate(this);
            }
        }
        if (names.isEmpty() && values.isEmpty()) {
            return;
        }
        Set<String> unusedNames = new TreeSet<>(names.keySet());
        Set<String> unusedValues = new TreeSet<>(values.keySet());
        for (ParsedExpression e : expressions) {
            if (e != null) {
                unusedNames.removeAll(e.nameRefs());
                unusedValues.removeAll(e.valueRefs());
            }
        }
        if (!unusedNames.isEmpty()) {
            throw new ValidationException("Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                    + String.join(", ", unusedNames) + "}");
        }
        if (!unusedValues.isEmpty()) {
            throw new ValidationException("Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                    + String.join(", ", unusedValues) + "}");
        }
    }

    public boolean isEmpty() {
        return names.isEmpty() && values.isEmpty();
    }
}
