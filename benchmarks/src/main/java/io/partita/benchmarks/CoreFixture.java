package io.partita.benchmarks;

import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.function.ObjLongConsumer;

/** Builds the core's side of the {@link Workload}: the loaded table and the pre-built request pools. */
final class CoreFixture {
    private CoreFixture() {}

    /** A new in-memory core with table {@code Bench} holding items {@code 0 .. n-1}. */
    static Storage load(int n) {
        return load(n, null);
    }

    /**
     * As {@link #load(int)}, calling {@code loaded} (when not null) with the storage and each item's index right
     * after its put, so that another structure can be filled in the same order, its objects allocated among the
     * core's as the load goes.
     */
    static Storage load(int n, ObjLongConsumer<Storage> loaded) {
        Storage storage = Storage.inMemory();
        storage.createTable(Workload.tableDefinition());
        for (long i = 0; i < n; i++) {
            storage.putItem(PutItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .item(Workload.item(i, n))
                    .build());
            if (loaded != null) {
                loaded.accept(storage, i);
            }
        }
        settle();
        return storage;
    }

    /**
     * Full collections after loading, so the loaded items are tenured before anything is measured: otherwise the
     * first young collections of the measurement copy the freshly loaded data (at 1M items, hundreds of MB per
     * pause), and a read benchmark measures the load's GC debt instead of reads.
     */
    static void settle() {
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
    }

    /** PutItem requests for the fresh items {@code n .. n+size-1}. */
    static PutItemRequest[] puts(int n, int size) {
        return puts(n, size, size);
    }

    /**
     * {@code size} PutItem requests, each with its own item map, for the items {@code n + (k % keys)}: fresh keys
     * while {@code k < keys}, overwrites after.
     */
    static PutItemRequest[] puts(int n, int size, int keys) {
        return puts(n, n, size, keys);
    }

    /**
     * {@code size} PutItem requests for the items {@code first + (k % keys)} of a table sized for {@code n} items
     * (the g1 key space): fresh keys while {@code k < keys}, overwrites after.
     */
    static PutItemRequest[] puts(long first, int n, int size, int keys) {
        PutItemRequest[] requests = new PutItemRequest[size];
        for (int k = 0; k < size; k++) {
            requests[k] = PutItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .item(Workload.item(first + k % keys, n))
                    .build();
        }
        return requests;
    }

    /** GetItem requests for random existing keys; checks one against the store. */
    static GetItemRequest[] gets(Storage storage, int n) {
        return gets(storage, n, 42);
    }

    /** GetItem requests for random existing keys (the sequence of {@code seed}); checks one against the store. */
    static GetItemRequest[] gets(Storage storage, int n, long seed) {
        GetItemRequest[] requests = gets(n, seed);
        GetItemResponse probe = storage.getItem(requests[0]);
        Map<String, AttributeValue> expected = Workload.item(Workload.randomIndexes(1, n, seed)[0], n);
        if (probe.item() == null || !probe.item().equals(expected)) {
            throw new IllegalStateException("GetItem sanity check failed: " + probe);
        }
        return requests;
    }

    /** GetItem requests for random keys of items {@code 0 .. n-1}, the sequence of {@code seed}. */
    static GetItemRequest[] gets(int n, long seed) {
        GetItemRequest[] requests = new GetItemRequest[Workload.POOL];
        int[] idx = Workload.randomIndexes(Workload.POOL, n, seed);
        for (int k = 0; k < Workload.POOL; k++) {
            requests[k] = GetItemRequest.builder()
                    .tableName(Workload.TABLE)
                    .key(Workload.key(idx[k]))
                    .build();
        }
        return requests;
    }

    /** Queries on gsi1 for random g1pk values (ten items each); checks some against the store. */
    static QueryRequest[] queries(Storage storage, int n) {
        QueryRequest[] requests = queryRequests(n);
        for (int k = 0; k < 16; k++) {
            QueryResponse probe = storage.query(requests[k]);
            if (probe.count() != Workload.QUERY_PAGE || probe.items().size() != Workload.QUERY_PAGE) {
                throw new IllegalStateException(
                        "GSI query sanity check: expected " + Workload.QUERY_PAGE + " items, got " + probe.count());
            }
        }
        return requests;
    }

    /** Queries on gsi1 for random g1pk values of a table of {@code n} items (ten items each). */
    static QueryRequest[] queryRequests(int n) {
        QueryRequest[] requests = new QueryRequest[Workload.POOL];
        int[] idx = Workload.randomIndexes(Workload.POOL, Workload.g1Partitions(n), 43);
        for (int k = 0; k < Workload.POOL; k++) {
            requests[k] = QueryRequest.builder()
                    .tableName(Workload.TABLE)
                    .indexName(Workload.G1)
                    .keyConditionExpression("g1pk = :p")
                    .expressionAttributeValues(Map.of(":p", AttributeValue.s(Workload.g1pk(idx[k]))))
                    .build();
        }
        return requests;
    }
}
