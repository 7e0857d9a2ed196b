package io.partita.storage.expression;

import java.util.List;

/**
 * A key condition expression, flattened into its terms ({@code a = :x AND b BETWEEN :lo AND :hi}). The
 * engine checks the terms against the key schema of the table or index queried.
 */
public interface KeyConditionExpression extends ParsedExpression {
    List<KeyConditionTerm> terms(Placeholders placeholders);
}
