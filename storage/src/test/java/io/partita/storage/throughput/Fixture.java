package io.partita.storage.throughput;

import static io.partita.storage.value.AttributeValue.s;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.ThroughputModel;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.Map;

/** Shared set-up: a core with the throughput model on a virtual clock, and one-line requests. */
abstract class Fixture {
    final VirtualClock clock = new VirtualClock();

    Storage core(ThroughputModel model) {
        return Storage.inMemory(StorageOptions.defaults().withClock(clock).withThroughputModel(model));
    }

    Storage core() {
        return core(ThroughputModel.defaults());
    }

    static Map<String, AttributeValue> item(String... nameValuePairs) {
        Map<String, AttributeValue> item = new HashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            item.put(nameValuePairs[i], s(nameValuePairs[i + 1]));
        }
        return item;
    }

    static void put(Storage db, String table, Map<String, AttributeValue> item) {
        db.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    /** Puts and reports whether the put went through (true) or was throttled (false). */
    static boolean tryPut(Storage db, String table, Map<String, AttributeValue> item) {
        try {
            put(db, table, item);
            return true;
        } catch (ProvisionedThroughputExceededException e) {
            return false;
        }
    }

    static GetItemResponse get(Storage db, String table, Map<String, AttributeValue> key, boolean consistent) {
        return db.getItem(GetItemRequest.builder()
                .tableName(table)
                .key(key)
                .consistentRead(consistent)
                .build());
    }

    static QueryResponse queryIndex(Storage db, String table, String index, String attribute, String value) {
        return db.query(QueryRequest.builder()
                .tableName(table)
                .indexName(index)
                .keyConditionExpression("#k = :v")
                .expressionAttributeNames(Map.of("#k", attribute))
                .expressionAttributeValues(Map.of(":v", s(value)))
                .build());
    }

    /** A string of about {@code bytes} bytes, to size items. */
    static String pad(int bytes) {
        return "x".repeat(bytes);
    }
}
