package io.partita.benchmarks;

import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The floor under {@link CoreBench}: the same entries of the {@link Workload} table inserted into and read from
 * plain sorted maps, one {@link ConcurrentSkipListMap} per structure (the table, {@code gsi1}, {@code gsi2},
 * {@code gsi3}, {@code lsi1}), keyed by the natural key tuples, with the same request pools. No validation, no
 * expressions, no sizes, no capacity, no locks beyond the maps' own: what storing and reading these entries in
 * ordered maps costs by itself, so each core number reads against it ({@link Report} prints core / floor).
 *
 * <ul>
 *   <li>{@code putItem}: the item is stored as given (no copy); the old item, if any, is looked up by the table
 *       put and each index entry whose key moved is removed; the KEYS_ONLY and INCLUDE entries are projected into
 *       new {@link ItemMap}s, the ALL entries are the item itself.</li>
 *   <li>{@code getItem}: one table map lookup with the request's key values.</li>
 *   <li>{@code queryGsi}: the {@code g1pk} value from the request's {@code :p}, a sub-map of {@code gsi1} and its
 *       ten entries copied into a list.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FloorBench {

    /** A key tuple of S (String) and N (BigDecimal) parts; a proper prefix sorts first, {@link #TOP} last. */
    static final class Key implements Comparable<Key> {
        static final Object TOP = new Object();
        final Object[] parts;

        Key(Object... parts) {
            this.parts = parts;
        }

        @Override
        public int compareTo(Key o) {
            int n = Math.min(parts.length, o.parts.length);
            for (int i = 0; i < n; i++) {
                int c = compare(parts[i], o.parts[i]);
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(parts.length, o.parts.length);
        }

        @SuppressWarnings("ReferenceEquality") // TOP is an identity sentinel
        private static int compare(Object a, Object b) {
            if (a == TOP || b == TOP) {
                return a == b ? 0 : a == TOP ? 1 : -1;
            }
            if (a instanceof String s) {
                return s.compareTo((String) b);
            }
            return ((java.math.BigDecimal) a).compareTo((java.math.BigDecimal) b);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && compareTo(k) == 0;
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(parts);
        }
    }

    /** The five structures of the workload table as plain sorted maps. */
    static final class Maps {
        final ConcurrentSkipListMap<Key, Map<String, AttributeValue>> table = new ConcurrentSkipListMap<>();
        final ConcurrentSkipListMap<Key, Map<String, AttributeValue>> gsi1 = new ConcurrentSkipListMap<>();
        final ConcurrentSkipListMap<Key, Map<String, AttributeValue>> gsi2 = new ConcurrentSkipListMap<>();
        final ConcurrentSkipListMap<Key, Map<String, AttributeValue>> gsi3 = new ConcurrentSkipListMap<>();
        final ConcurrentSkipListMap<Key, Map<String, AttributeValue>> lsi1 = new ConcurrentSkipListMap<>();

        private static Object part(Map<String, AttributeValue> item, String name) {
            AttributeValue v = item.get(name);
            return v instanceof AttributeValue.S s ? s.value() : ((AttributeValue.N) v).value();
        }

        static Key tableKey(Map<String, AttributeValue> item) {
            return new Key(part(item, "pk"), part(item, "sk"));
        }

        static Key gsi1Key(Map<String, AttributeValue> item) {
            return new Key(part(item, "g1pk"), part(item, "g1sk"), part(item, "pk"), part(item, "sk"));
        }

        static Key gsi2Key(Map<String, AttributeValue> item) {
            return new Key(part(item, "g2pk"), part(item, "pk"), part(item, "sk"));
        }

        static Key gsi3Key(Map<String, AttributeValue> item) {
            return new Key(part(item, "g3pk"), part(item, "g3sk"), part(item, "pk"), part(item, "sk"));
        }

        static Key lsi1Key(Map<String, AttributeValue> item) {
            return new Key(part(item, "pk"), part(item, "lsk"), part(item, "sk"));
        }

        private static final String[] GSI2_PROJECTED = {"pk", "sk", "g2pk"};
        private static final String[] GSI3_PROJECTED = {"pk", "sk", "g3pk", "g3sk", "a", "b"};

        private static Map<String, AttributeValue> project(Map<String, AttributeValue> item, String[] names) {
            ItemMap.Builder b = ItemMap.builder(names.length);
            for (String n : names) {
                AttributeValue v = item.get(n);
                if (v != null) {
                    b.add(n, v);
                }
            }
            return b.build();
        }

        Map<String, AttributeValue> put(Map<String, AttributeValue> item) {
            Map<String, AttributeValue> old = table.put(tableKey(item), item);
            index(gsi1, old == null ? null : gsi1Key(old), gsi1Key(item), item);
            index(gsi2, old == null ? null : gsi2Key(old), gsi2Key(item), project(item, GSI2_PROJECTED));
            index(gsi3, old == null ? null : gsi3Key(old), gsi3Key(item), project(item, GSI3_PROJECTED));
            index(lsi1, old == null ? null : lsi1Key(old), lsi1Key(item), item);
            return old;
        }

        private static void index(
                ConcurrentSkipListMap<Key, Map<String, AttributeValue>> map,
                Key oldKey,
                Key newKey,
                Map<String, AttributeValue> entry) {
            if (oldKey != null && !oldKey.equals(newKey)) {
                map.remove(oldKey);
            }
            map.put(newKey, entry);
        }

        Map<String, AttributeValue> get(Map<String, AttributeValue> key) {
            return table.get(tableKey(key));
        }

        List<Map<String, AttributeValue>> queryGsi1(String g1pk) {
            List<Map<String, AttributeValue>> out = new ArrayList<>();
            for (Map<String, AttributeValue> e : gsi1.subMap(new Key(g1pk), true, new Key(g1pk, Key.TOP), false)
                    .values()) {
                out.add(e);
            }
            return out;
        }
    }

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"10000"})
        public int n;

        Maps maps;

        @Setup(Level.Trial)
        public void start() {
            maps = new Maps();
            for (long i = 0; i < n; i++) {
                maps.put(Workload.item(i, n));
            }
            CoreFixture.settle();
        }
    }

    @State(Scope.Thread)
    public static class PutPool {
        PutItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db, ThreadParams thread) {
            requests = CoreFixture.puts(
                    db.n + (long) thread.getThreadIndex() * Workload.POOL, db.n, Workload.POOL, Workload.POOL);
        }
    }

    @State(Scope.Thread)
    public static class GetPool {
        GetItemRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db, ThreadParams thread) {
            requests = CoreFixture.gets(db.n, 42 + thread.getThreadIndex());
            if (db.maps.get(requests[0].key()) == null) {
                throw new IllegalStateException("floor GetItem sanity check failed");
            }
        }
    }

    @State(Scope.Thread)
    public static class QueryPool {
        QueryRequest[] requests;
        int next;

        @Setup(Level.Trial)
        public void build(Db db) {
            requests = CoreFixture.queryRequests(db.n);
            for (int k = 0; k < 16; k++) {
                int count = db.maps.queryGsi1(g1pk(requests[k])).size();
                if (count != Workload.QUERY_PAGE) {
                    throw new IllegalStateException("floor GSI query sanity check: got " + count);
                }
            }
        }
    }

    static String g1pk(QueryRequest r) {
        return r.expressionAttributeValues().get(":p").asS();
    }

    @Benchmark
    public Map<String, AttributeValue> putItem(Db db, PutPool pool) {
        return db.maps.put(pool.requests[pool.next++ & (Workload.POOL - 1)].item());
    }

    @Benchmark
    public Map<String, AttributeValue> getItem(Db db, GetPool pool) {
        return db.maps.get(pool.requests[pool.next++ & (Workload.POOL - 1)].key());
    }

    @Benchmark
    public List<Map<String, AttributeValue>> queryGsi(Db db, QueryPool pool) {
        return db.maps.queryGsi1(g1pk(pool.requests[pool.next++ & (Workload.POOL - 1)]));
    }
}
