package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Set;

/** An update expression: SET, REMOVE, ADD and DELETE clauses. */
public interface UpdateExpression extends ParsedExpression {
    /**
     * Applies the update to an item (an empty map when the item does not exist yet) and returns the new
     * item; the argument is not modified.
     *
     * @throws io.partita.storage.ValidationException for an operand of the wrong type, a path that cannot be
     *         resolved, or an attribute the expression both sets and removes
     */
    Map<String, AttributeValue> apply(Map<String, AttributeValue> item, Placeholders placeholders);

    /** The top-level attribute names the update writes or removes, placeholders resolved. */
    Set<String> topLevelAttributes(Placeholders placeholders);
}
