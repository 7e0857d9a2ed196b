package io.partita.partiql;

import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * What {@code ExecuteTransaction} answers: for a read transaction one item per statement (an empty map for an item
 * that is not there), none for a write transaction; the capacity consumed per table when asked.
 */
public record TransactionResult(List<Map<String, AttributeValue>> items, List<ConsumedCapacity> consumedCapacity) {}
