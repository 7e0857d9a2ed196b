package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Set;

/** A projection expression: a list of document paths to return. */
public interface ProjectionExpression extends ParsedExpression {
    /** The part of the item the paths select (nested paths keep their enclosing maps and lists, as DynamoDB does). */
    Map<String, AttributeValue> apply(Map<String, AttributeValue> item, Placeholders placeholders);

    /** The top-level attribute names the paths start with, placeholders resolved. */
    Set<String> topLevelAttributes(Placeholders placeholders);
}
