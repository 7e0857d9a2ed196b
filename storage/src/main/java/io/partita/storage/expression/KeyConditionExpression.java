package io.partita.storage.expression;

import java.util.List;

/**
 * A key condition expression, flattened into its terms ({@code a = :x AND b BETWEEN :lo AND :hi}). The
 * engine checks the terms against the key schema of the table or index queried.
 */
public interface KeyConditionExpression extends ParsedExpression {
    List<KeyConditionTerm> terms(Placeholders placeholders);

    /**
     * {@link #terms}, for placeholders this expression has just been validated against
     * ({@link Placeholders#checkExpressions} validates every expression it is given): the same terms and errors,
     * without running the placeholder checks a second time.
     */
    List<KeyConditionTerm> validatedTerms(Placeholders placeholders);
}
