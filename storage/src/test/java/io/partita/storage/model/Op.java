package io.partita.storage.model;

import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.Select;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * One generated operation, as plain data independent of the state it will meet, so a failing sequence can be
 * replayed, and shrunk by dropping operations, against a fresh core and a fresh model.
 */
sealed interface Op {
    record Put(String table, Map<String, AttributeValue> item, Cond cond, boolean returnOld) implements Op {}

    record Update(String table, Map<String, AttributeValue> key, Upd upd, Cond cond, ReturnValues returnValues)
            implements Op {}

    record Delete(String table, Map<String, AttributeValue> key, Cond cond, boolean returnOld) implements Op {}

    record Get(String table, Map<String, AttributeValue> key, boolean consistent, List<String> projection)
            implements Op {}

    record Query(
            String table,
            String index,
            List<KeyTerm> terms,
            boolean forward,
            Integer limit,
            Select select,
            List<String> projection,
            Cond filter,
            boolean consistent)
            implements Op {}

    record Scan(String table, String index, int totalSegments, Integer limit, boolean consistent) implements Op {}

    record Transact(List<TxAction> actions) implements Op {}

    record Batch(List<BatchEntry> entries) implements Op {}

    /** Compare everything (tables, every index partition, index scans) and run the core's invariant checker. */
    record Verify() implements Op {}

    sealed interface TxAction {
        String table();

        Map<String, AttributeValue> keyOrItem();

        Cond cond();
    }

    record TxPut(String table, Map<String, AttributeValue> keyOrItem, Cond cond) implements TxAction {}

    record TxUpdate(String table, Map<String, AttributeValue> keyOrItem, Upd upd, Cond cond) implements TxAction {}

    record TxDelete(String table, Map<String, AttributeValue> keyOrItem, Cond cond) implements TxAction {}

    record TxCheck(String table, Map<String, AttributeValue> keyOrItem, Cond cond) implements TxAction {}

    record BatchEntry(String table, boolean put, Map<String, AttributeValue> itemOrKey) {}
}
