package io.partita.storage.expression;

import java.util.Set;

/**
 * A parsed expression, independent of any request's placeholder values, so one parse can be cached and
 * reused. It knows which {@code #name} and {@code :value} placeholders it refers to.
 */
public interface ParsedExpression {
    Set<String> nameRefs();

    Set<String> valueRefs();
}
