package io.partita.partiql;

import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * What {@code ExecuteStatement} answers: the items a SELECT read (or a write's RETURNING item), the token of the
 * next page and the page's last evaluated key when there is more to read, and the capacity consumed when asked.
 */
public record StatementResult(
        List<Map<String, AttributeValue>> items,
        String nextToken,
        Map<String, AttributeValue> lastEvaluatedKey,
        ConsumedCapacity consumedCapacity) {}
