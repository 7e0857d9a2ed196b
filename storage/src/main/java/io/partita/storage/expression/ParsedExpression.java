package io.partita.storage.expression;

import java.util.Set;

/**
 * A parsed expression, independent of any request's placeholder values, so one parse can be cached and
 * reused. It knows which {@code #name} and {@code :value} placeholders it refers to.
 */
public interface ParsedExpression {
    Set<String> nameRefs();

    Set<String> valueRefs();

    /**
     * Checks a request's placeholders against this expression as DynamoDB does before it reads any item:
     * every placeholder defined, and every placeholder value of a type (and, for BETWEEN, an order) its
     * operator accepts.
     *
     * @throws io.partita.storage.ValidationException naming the expression and the rule
     */
    default void validate(Placeholders placeholders) {}
}
