package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Set;

/** A condition or filter expression. */
public interface ConditionExpression extends ParsedExpression {
    /**
     * Evaluates the condition on an item (an empty map when the item does not exist).
     *
     * @throws io.partita.storage.ValidationException when a placeholder is undefined or an operand is invalid
     */
    boolean test(Map<String, AttributeValue> item, Placeholders placeholders);

    /** The top-level attribute names the condition reads, placeholders resolved. */
    Set<String> topLevelAttributes(Placeholders placeholders);
}
