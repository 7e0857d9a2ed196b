package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A write whose item keeps an index's projected attributes leaves that index's entry as it is ({@link
 * IndexShape#sameEntry}: no key encoded, no entry projected, no index write). Against a model of the items: random
 * puts over a small key space, each changing any mix of the attributes (nothing, an unprojected one, an included
 * one, the index keys, an index key dropped: sparse), an included string set given in another order, deletes; after
 * each step every index's whole content must equal the projections of the model's items, and the invariant checker
 * must pass. Once SYNC, once ASYNC (every write's GSI work queued behind the ones before it). Seeded (printed).
 */
class UnchangedIndexEntryTest {
    private static final long SEED = 20261125_14L;

    private static final TableDefinition TABLE = TableDefinition.builder("Tab")
            .partitionKey(KeyAttribute.s("pk"))
            .sortKey(KeyAttribute.n("sk"))
            .globalSecondaryIndex("keys", KeyAttribute.s("g"), KeyAttribute.n("gs"), Projection.keysOnly())
            .globalSecondaryIndex("incl", KeyAttribute.s("g"), null, Projection.include("a", "tags"))
            .globalSecondaryIndex("all", KeyAttribute.s("h"), null, Projection.all())
            .localSecondaryIndex("local", KeyAttribute.n("l"), Projection.keysOnly())
            .build();

    /** Projected attributes per index (null: ALL), and the index's key attributes (an item without them has no entry). */
    private static final Map<String, List<String>> PROJECTED = Map.of(
            "keys", List.of("pk", "sk", "g", "gs"),
            "incl", List.of("pk", "sk", "g", "a", "tags"),
            "local", List.of("pk", "sk", "l"));

    private static final Map<String, List<String>> INDEX_KEYS =
            Map.of("keys", List.of("g", "gs"), "incl", List.of("g"), "all", List.of("h"), "local", List.of("l"));

    @Test
    void randomOverwritesKeepEveryIndexEqualToItsItemsSync() {
        run(StorageOptions.defaults(), SEED);
    }

    @Test
    void randomOverwritesKeepEveryIndexEqualToItsItemsAsync() {
        run(StorageOptions.defaults().withAsyncGsiPropagation(Duration.ZERO), SEED + 1);
    }

    private static void run(StorageOptions options, long seed) {
        System.out.println("UnchangedIndexEntryTest seed " + seed);
        Random random = new Random(seed);
        Map<List<Object>, Map<String, AttributeValue>> model = new TreeMap<>(Comparator.comparing(Object::toString));
        int unchangedWrites = 0;
        try (Storage db = TestStorage.create(options)) {
            db.createTable(TABLE);
            for (int step = 0; step < 3_000; step++) {
                String pk = "p" + random.nextInt(4);
                long sk = random.nextInt(10);
                List<Object> key = List.of(pk, sk);
                Map<String, AttributeValue> before = model.get(key);
                if (before != null && random.nextInt(10) == 0) {
                    db.deleteItem(DeleteItemRequest.builder()
                            .tableName("Tab")
                            .key(Map.of("pk", AttributeValue.s(pk), "sk", AttributeValue.n(sk)))
                            .build());
                    model.remove(key);
                } else {
                    Map<String, AttributeValue> item = before == null || random.nextInt(4) == 0
                            ? randomItem(random, pk, sk)
                            : changeSome(random, before);
                    if (before != null && PROJECTED.keySet().stream().allMatch(i -> same(i, before, item))) {
                        unchangedWrites++;
                    }
                    db.putItem(
                            PutItemRequest.builder().tableName("Tab").item(item).build());
                    model.put(key, item);
                }
                if (options.gsiPropagation() != io.partita.storage.GsiPropagation.SYNC && random.nextInt(5) == 0) {
                    db.flushGsiPropagation();
                }
                if (step % 25 == 0 || step == 2_999) {
                    db.flushGsiPropagation();
                    for (String index : List.of("keys", "incl", "all", "local")) {
                        assertThat(sorted(scan(db, index)))
                                .as("index %s at step %d", index, step)
                                .isEqualTo(sorted(expected(model, index)));
                    }
                    db.checkInvariants();
                }
            }
        }
        // the case under test happened often (a third of the overwrites change no projected attribute)
        assertThat(unchangedWrites).isGreaterThan(300);
    }

    @Test
    void anUnchangedEntryIsNotWrittenAndCostsNoIndexCapacity() {
        try (Storage db = Storage.inMemory()) {
            db.createTable(TABLE);
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            item.put("pk", AttributeValue.s("p"));
            item.put("sk", AttributeValue.n(1));
            item.put("g", AttributeValue.s("g"));
            item.put("gs", AttributeValue.n(2));
            item.put("a", AttributeValue.s("x"));
            item.put("h", AttributeValue.s("h"));
            item.put("l", AttributeValue.n(3));
            item.put("other", AttributeValue.n(0));
            db.putItem(PutItemRequest.builder().tableName("Tab").item(item).build());
            Map<String, AttributeValue> keys = entry(db, "keys");
            Map<String, AttributeValue> incl = entry(db, "incl");
            Map<String, AttributeValue> all = entry(db, "all");

            // only an unprojected attribute changes: the KEYS_ONLY and INCLUDE entries are the very same objects
            item.put("other", AttributeValue.n(1));
            ConsumedCapacity c = put(db, item);
            assertThat(entry(db, "keys")).isSameAs(keys);
            assertThat(entry(db, "incl")).isSameAs(incl);
            assertThat(entry(db, "all")).isNotSameAs(all).isEqualTo(item);
            assertThat(c.globalSecondaryIndexes()).containsOnlyKeys("all");
            assertThat(c.localSecondaryIndexes()).isEmpty();

            // an included attribute changes: the INCLUDE entry is new, the KEYS_ONLY one still the same
            item.put("a", AttributeValue.s("y"));
            c = put(db, item);
            assertThat(entry(db, "keys")).isSameAs(keys);
            assertThat(entry(db, "incl")).isNotSameAs(incl).containsEntry("a", AttributeValue.s("y"));
            assertThat(c.globalSecondaryIndexes()).containsOnlyKeys("incl", "all");

            // the KEYS_ONLY index's sort key changes: a new entry at the new key
            item.put("gs", AttributeValue.n(5));
            c = put(db, item);
            assertThat(entry(db, "keys")).isNotSameAs(keys).containsEntry("gs", AttributeValue.n(5));
            assertThat(c.globalSecondaryIndexes()).containsOnlyKeys("keys", "all");
            db.checkInvariants();
        }
    }

    @Test
    void aPutOfAnItemThatReadsTheSameKeepsTheStoredItemAndEveryEntry() {
        try (Storage db = Storage.inMemory()) {
            db.createTable(TABLE);
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            item.put("pk", AttributeValue.s("p"));
            item.put("sk", AttributeValue.n(1));
            item.put("g", AttributeValue.s("g"));
            item.put("h", AttributeValue.s("h"));
            item.put("l", AttributeValue.n(3));
            item.put("tags", AttributeValue.ss("x", "y"));
            put(db, item);
            Map<String, AttributeValue> stored = get(db);
            Map<String, AttributeValue> all = entry(db, "all");

            // the same attributes, in the same order, with equal values (a fresh map, so a new copy is frozen): the
            // table keeps its item, every index its entry, and only the table's write is charged
            ConsumedCapacity c = put(db, item);
            assertThat(get(db)).isSameAs(stored);
            assertThat(entry(db, "all")).isSameAs(all);
            assertThat(c.capacityUnits()).isEqualTo(1.0);
            assertThat(c.globalSecondaryIndexes()).isEmpty();
            assertThat(c.localSecondaryIndexes()).isEmpty();

            // the set in another order is an equal value that reads differently: the item is written
            item.put("tags", AttributeValue.ss("y", "x"));
            put(db, item);
            assertThat(get(db)).isNotSameAs(stored).isEqualTo(item);
            assertThat(((AttributeValue.SS) get(db).get("tags")).values()).containsExactly("y", "x");
            assertThat(entry(db, "all")).isNotSameAs(all);
            db.checkInvariants();
        }
    }

    private static Map<String, AttributeValue> get(Storage db) {
        return db.getItem(GetItemRequest.builder()
                        .tableName("Tab")
                        .key(Map.of("pk", AttributeValue.s("p"), "sk", AttributeValue.n(1)))
                        .build())
                .item();
    }

    private static ConsumedCapacity put(Storage db, Map<String, AttributeValue> item) {
        return db.putItem(PutItemRequest.builder()
                        .tableName("Tab")
                        .item(new LinkedHashMap<>(item))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .build())
                .consumedCapacity();
    }

    /** The single entry of an index, as a query returns it. */
    private static Map<String, AttributeValue> entry(Storage db, String index) {
        String name = INDEX_KEYS.get(index).get(0);
        List<Map<String, AttributeValue>> items = db.query(QueryRequest.builder()
                        .tableName("Tab")
                        .indexName(index)
                        .keyConditionExpression(name + " = :v")
                        .expressionAttributeValues(Map.of(":v", AttributeValue.s(index.equals("all") ? "h" : "g")))
                        .build())
                .items();
        assertThat(items).hasSize(1);
        return items.get(0);
    }

    private static boolean same(String index, Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        for (String name : PROJECTED.get(index)) {
            if (!java.util.Objects.equals(a.get(name), b.get(name))) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, AttributeValue> randomItem(Random random, String pk, long sk) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.s(pk));
        item.put("sk", AttributeValue.n(sk));
        for (String name : List.of("g", "gs", "a", "tags", "h", "l", "other")) {
            if (random.nextInt(5) > 0) {
                item.put(name, value(random, name));
            }
        }
        return item;
    }

    /** {@code before} with zero to three attributes set anew, dropped or (a set) reordered. */
    private static Map<String, AttributeValue> changeSome(Random random, Map<String, AttributeValue> before) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(before);
        int changes = random.nextInt(4);
        for (int i = 0; i < changes; i++) {
            String name = List.of("g", "gs", "a", "tags", "h", "l", "other", "other", "other")
                    .get(random.nextInt(9));
            int how = random.nextInt(6);
            if (how == 0) {
                item.remove(name);
            } else if (how == 1 && item.get(name) instanceof AttributeValue.SS set) {
                List<String> reordered = new ArrayList<>(set.values());
                Collections.reverse(reordered);
                item.put(name, AttributeValue.ss(reordered));
            } else {
                item.put(name, value(random, name));
            }
        }
        return item;
    }

    private static AttributeValue value(Random random, String name) {
        return switch (name) {
            case "g" -> AttributeValue.s("g" + random.nextInt(3));
            case "h" -> AttributeValue.s("h" + random.nextInt(3));
            case "gs", "l" -> AttributeValue.n(random.nextInt(3));
            case "a" -> AttributeValue.s("a" + random.nextInt(2));
            case "tags" -> random.nextBoolean() ? AttributeValue.ss("x", "y") : AttributeValue.ss("y", "z");
            default -> AttributeValue.n(random.nextInt(1000));
        };
    }

    private static List<Map<String, AttributeValue>> scan(Storage db, String index) {
        return IndexScans.scanAll(db, "Tab", index);
    }

    private static List<Map<String, AttributeValue>> expected(
            Map<List<Object>, Map<String, AttributeValue>> model, String index) {
        List<Map<String, AttributeValue>> entries = new ArrayList<>();
        for (Map<String, AttributeValue> item : model.values()) {
            if (!item.keySet().containsAll(INDEX_KEYS.get(index))) {
                continue; // sparse: no entry
            }
            List<String> projected = PROJECTED.get(index);
            if (projected == null) {
                entries.add(item);
                continue;
            }
            Map<String, AttributeValue> entry = new LinkedHashMap<>();
            for (String name : projected) {
                if (item.containsKey(name)) {
                    entry.put(name, item.get(name));
                }
            }
            entries.add(entry);
        }
        return entries;
    }

    /** By table key (one entry per item in each index); a set's order is not part of its value, so not of the sort. */
    private static List<Map<String, AttributeValue>> sorted(List<Map<String, AttributeValue>> entries) {
        List<Map<String, AttributeValue>> copy = new ArrayList<>();
        for (Map<String, AttributeValue> e : entries) {
            copy.add(new TreeMap<>(e));
        }
        copy.sort(Comparator.comparing(
                        (Map<String, AttributeValue> e) -> e.get("pk").toString())
                .thenComparing(e -> e.get("sk").toString()));
        return copy;
    }
}
