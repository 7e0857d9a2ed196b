package io.partita.wire;

import static io.partita.wire.Input.F_ATTRIBUTES_TO_GET;
import static io.partita.wire.Input.F_CONSISTENT_READ;
import static io.partita.wire.Input.F_ITEM;
import static io.partita.wire.Input.F_KEY;
import static io.partita.wire.Input.F_KEYS;
import static io.partita.wire.Input.F_NAMES;
import static io.partita.wire.Input.F_PROJECTION_EXPRESSION;
import static io.partita.wire.Input.F_RETURN_CAPACITY;
import static io.partita.wire.Input.F_RETURN_METRICS;

import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.WriteRequest;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** BatchGetItem and BatchWriteItem requests: their {@code RequestItems} read per table, then checked in order. */
final class BatchRequests {
    static final int TOP = F_RETURN_CAPACITY | F_RETURN_METRICS;
    private static final int KEYS_AND_ATTRIBUTES =
            F_KEYS | F_ATTRIBUTES_TO_GET | F_PROJECTION_EXPRESSION | F_NAMES | F_CONSISTENT_READ;

    private BatchRequests() {}

    /** BatchGetItem's {@code RequestItems}: a {@code KeysAndAttributes} per table, as read. */
    static final class Gets implements Input.Other {
        Map<String, Input> tables;

        @Override
        public boolean claim(JsonIn in, String name) throws IOException {
            if (!name.equals("RequestItems")) {
                return false;
            }
            tables = null;
            if (in.object(name)) {
                tables = in.forEachMember(new LinkedHashMap<>(), Gets::table);
            }
            return true;
        }

        private static void table(Map<String, Input> tables, JsonIn in, String table) throws IOException {
            if (!in.object("KeysAndAttributes")) {
                throw WireException.serialization("Unexpected value type for KeysAndAttributes: expected a structure");
            }
            tables.put(table, Input.read(in, KEYS_AND_ATTRIBUTES, null));
        }

        BatchGetItemRequest request(Input r) {
            if (tables == null) {
                throw WireException.missing("requestItems");
            }
            Map<String, KeysAndAttributes> request = new LinkedHashMap<>();
            for (Map.Entry<String, Input> e : tables.entrySet()) {
                Input ka = e.getValue();
                Legacy legacy = Legacy.of(ka, ItemRequests.GET_LEGACY, ItemRequests.GET_EXPR);
                String projection = legacy.projection(ka);
                List<Map<String, AttributeValue>> keys = ka.keys == null ? new ArrayList<>() : ka.keys;
                request.put(e.getKey(), new KeysAndAttributes(keys, projection, legacy.names(ka), ka.consistentRead()));
            }
            return new BatchGetItemRequest(request, ItemRequests.returnConsumedCapacity(r));
        }
    }

    /** One element of BatchWriteItem's lists: its {@code PutRequest} and {@code DeleteRequest}, as read. */
    private record Write(Input put, Input delete) {}

    /** BatchWriteItem's {@code RequestItems}: a list of write requests per table, as read. */
    static final class Writes implements Input.Other {
        Map<String, List<Write>> tables;

        @Override
        public boolean claim(JsonIn in, String name) throws IOException {
            if (!name.equals("RequestItems")) {
                return false;
            }
            tables = null;
            if (in.object(name)) {
                tables = in.forEachMember(new LinkedHashMap<>(), Writes::table);
            }
            return true;
        }

        private static void table(Map<String, List<Write>> tables, JsonIn in, String table) throws IOException {
            if (!in.p.isExpectedStartArrayToken()) {
                throw WireException.serialization(
                        "Unexpected value type for RequestItems: expected a list of write requests");
            }
            List<Write> writes = new ArrayList<>();
            while (in.nextElement()) {
                writes.add(write(in));
            }
            tables.put(table, writes);
        }

        private static Write write(JsonIn in) throws IOException {
            if (!in.object("WriteRequest")) {
                throw WireException.serialization("Unexpected value type for WriteRequest: expected a structure");
            }
            Input put = null;
            Input delete = null;
            while (in.nextField()) {
                String name = in.name();
                if (name.equals("PutRequest")) {
                    put = in.object(name) ? Input.read(in, F_ITEM, null) : null;
                } else if (name.equals("DeleteRequest")) {
                    delete = in.object(name) ? Input.read(in, F_KEY, null) : null;
                } else {
                    in.skip();
                }
            }
            return new Write(put, delete);
        }

        BatchWriteItemRequest request(Input r) {
            if (tables == null) {
                throw WireException.missing("requestItems");
            }
            Map<String, List<WriteRequest>> request = new LinkedHashMap<>();
            for (Map.Entry<String, List<Write>> e : tables.entrySet()) {
                List<WriteRequest> parsed = new ArrayList<>(e.getValue().size());
                for (Write w : e.getValue()) {
                    if ((w.put() == null) == (w.delete() == null)) {
                        throw WireException.validation(
                                "Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest");
                    }
                    parsed.add(
                            w.put() != null
                                    ? WriteRequest.put(Input.required(w.put().item, "item"))
                                    : WriteRequest.delete(Input.required(w.delete().key, "key")));
                }
                request.put(e.getKey(), parsed);
            }
            return new BatchWriteItemRequest(
                    request,
                    ItemRequests.returnConsumedCapacity(r),
                    WireEnums.returnItemCollectionMetrics(r.returnItemCollectionMetrics));
        }
    }
}
