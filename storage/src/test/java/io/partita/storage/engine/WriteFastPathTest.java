package io.partita.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The write path's short cuts, each against the general path it replaces: keys built in a buffer sized up front
 * ({@link KeyCodec#sizeOf}) equal keys built in the default growing buffer; items copied against the table's
 * last layout and entries projected through the index's layout are the same items, in the same order, as the
 * generic copy, whatever the names' order, instances or gaps; a put that asks for nothing gets the empty response.
 * Seeded random inputs (the seed is printed).
 */
class WriteFastPathTest {
    private static final long SEED = 20261125L;

    @Test
    void sizedKeysEqualKeysBuiltInAGrowingBuffer() {
        System.out.println("WriteFastPathTest seed " + SEED);
        Random random = new Random(SEED);
        for (int round = 0; round < 20_000; round++) {
            List<AttributeValue> parts = new ArrayList<>();
            int n = 1 + random.nextInt(4);
            for (int i = 0; i < n; i++) {
                parts.add(randomKeyValue(random));
            }
            int hash = random.nextInt();
            KeyCodec.Builder general = KeyCodec.builder(hash);
            int length = KeyCodec.HASH_BYTES;
            for (AttributeValue v : parts) {
                length += KeyCodec.sizeOf(v);
            }
            KeyCodec.Builder sized = KeyCodec.builder(hash, length);
            for (int i = 0; i < n; i++) {
                general.add(parts.get(i));
                sized.add(parts.get(i));
                if (i == 0) {
                    general.endPartition();
                    sized.endPartition();
                }
            }
            OrderKey a = general.build();
            OrderKey b = sized.build();
            assertThat(b.bytes).as("%s", parts).isEqualTo(a.bytes);
            assertThat(b).isEqualTo(a).hasSameHashCodeAs(a);
            assertThat(b.partition()).isEqualTo(a.partition());
            boolean exact = parts.stream().allMatch(WriteFastPathTest::sizedExactly);
            if (exact) {
                assertThat(length).as("exact for %s", parts).isEqualTo(a.bytes.length);
            }
        }
    }

    @Test
    void keysWrittenWithoutABuilderEqualBuiltKeysAndAreWrittenExactlyWhenSizedExactly() {
        Random random = new Random(SEED + 6);
        int exactKeys = 0;
        for (int round = 0; round < 20_000; round++) {
            AttributeValue[] parts = new AttributeValue[4];
            int n = 1 + random.nextInt(4);
            int hash = random.nextInt();
            KeyCodec.Builder general = KeyCodec.builder(hash);
            int length = KeyCodec.HASH_BYTES;
            boolean exact = true;
            for (int i = 0; i < n; i++) {
                parts[i] = randomKeyValue(random);
                length += KeyCodec.sizeOf(parts[i]);
                exact &= sizedExactly(parts[i]);
                general.add(parts[i]);
                if (i == 0) {
                    general.endPartition();
                }
            }
            OrderKey built = general.build();
            OrderKey written = KeyCodec.exactKey(hash, length, parts[0], parts[1], parts[2], parts[3]);
            if (exact) {
                exactKeys++;
                assertThat(written).as("%s", Arrays.asList(parts)).isNotNull();
                assertThat(written.bytes).as("%s", Arrays.asList(parts)).isEqualTo(built.bytes);
                assertThat(written.partitionEnd).isEqualTo(built.partitionEnd);
                assertThat(written.partition()).isEqualTo(built.partition());
            } else {
                assertThat(written).as("%s", Arrays.asList(parts)).isNull();
            }
        }
        assertThat(exactKeys).isGreaterThan(1_000);
        assertThat(KeyCodec.exactKey(7, 12, AttributeValue.n(Long.MIN_VALUE), null, null, null))
                .isNull();
    }

    /** ASCII strings without NUL and numbers of at most 18 digits are sized exactly. */
    private static boolean sizedExactly(AttributeValue v) {
        if (v instanceof AttributeValue.S s) {
            return s.value().chars().allMatch(c -> c > 0 && c < 0x80);
        }
        return v instanceof AttributeValue.N n && n.fitsLong();
    }

    private static AttributeValue randomKeyValue(Random random) {
        switch (random.nextInt(6)) {
            case 0:
                return AttributeValue.s("k" + random.nextInt(1_000_000));
            case 1: {
                char[] chars = new char[random.nextInt(6)];
                for (int i = 0; i < chars.length; i++) {
                    chars[i] = (char)
                            switch (random.nextInt(4)) {
                                case 0 -> 0;
                                case 1 -> 0xE9;
                                case 2 -> 0x20AC;
                                default -> 'a' + random.nextInt(26);
                            };
                }
                return AttributeValue.s(new String(chars));
            }
            case 2:
                return AttributeValue.n(random.nextLong() >> random.nextInt(64));
            case 3:
                return AttributeValue.n((random.nextLong() >> random.nextInt(64)) * 1000);
            case 4:
                return AttributeValue.n(new BigDecimal(random.nextLong()).movePointLeft(random.nextInt(30)));
            default: {
                byte[] bytes = new byte[1 + random.nextInt(5)];
                random.nextBytes(bytes);
                return AttributeValue.b(Bytes.copyOf(bytes));
            }
        }
    }

    private static final TableDefinition TABLE = TableDefinition.builder("Tab")
            .partitionKey(KeyAttribute.s("pk"))
            .sortKey(KeyAttribute.s("sk"))
            .globalSecondaryIndex("byG", KeyAttribute.s("g"), KeyAttribute.n("n"), Projection.include("a", "b"))
            .globalSecondaryIndex("keys", KeyAttribute.s("g"), null, Projection.keysOnly())
            .build();

    @Test
    void itemsAndEntriesCopiedAgainstALayoutAreTheGenericItems() {
        Random random = new Random(SEED + 1);
        try (Storage db = Storage.inMemory()) {
            db.createTable(TABLE);
            List<String> names = List.of("pk", "sk", "g", "n", "a", "b", "c");
            for (int i = 0; i < 3_000; i++) {
                List<String> order = new ArrayList<>(names);
                int shape = random.nextInt(5);
                if (shape == 1) {
                    java.util.Collections.shuffle(order, random); // another order
                } else if (shape == 2) {
                    order.remove(4 + random.nextInt(3)); // a gap: a, b or c left out
                } else if (shape == 3) {
                    order.add("extra" + random.nextInt(3)); // one more attribute
                }
                Map<String, AttributeValue> item = new LinkedHashMap<>();
                for (String name : order) {
                    // every other item names its attributes with other String instances than the last layout's
                    String key = random.nextBoolean() ? new String(name.toCharArray()) : name;
                    AttributeValue value = switch (name) {
                        case "pk" -> AttributeValue.s("p" + random.nextInt(20));
                        case "sk" -> AttributeValue.s("s" + random.nextInt(20));
                        case "g" -> AttributeValue.s("g" + random.nextInt(3));
                        case "n", "b" -> AttributeValue.n(random.nextInt(1000));
                        default -> AttributeValue.s(name + i);
                    };
                    item.put(key, value);
                }
                PutItemResponse response = db.putItem(
                        PutItemRequest.builder().tableName("Tab").item(item).build());
                assertThat(response).isEqualTo(new PutItemResponse(null, null, null));
                Map<String, AttributeValue> stored = db.getItem(GetItemRequest.builder()
                                .tableName("Tab")
                                .key(Map.of("pk", item.get("pk"), "sk", item.get("sk")))
                                .consistentRead(true)
                                .build())
                        .item();
                assertThat(stored).isEqualTo(item);
                assertThat(List.copyOf(stored.keySet())).isEqualTo(List.copyOf(item.keySet()));
            }
            for (String g : List.of("g0", "g1", "g2")) {
                for (String index : List.of("byG", "keys")) {
                    List<Map<String, AttributeValue>> entries = db.query(QueryRequest.builder()
                                    .tableName("Tab")
                                    .indexName(index)
                                    .keyConditionExpression("g = :g")
                                    .expressionAttributeValues(Map.of(":g", AttributeValue.s(g)))
                                    .build())
                            .items();
                    assertThat(entries).isNotEmpty();
                    List<String> projected =
                            index.equals("byG") ? List.of("pk", "sk", "g", "n", "a", "b") : List.of("pk", "sk", "g");
                    for (Map<String, AttributeValue> entry : entries) {
                        Map<String, AttributeValue> item = db.getItem(GetItemRequest.builder()
                                        .tableName("Tab")
                                        .key(Map.of("pk", entry.get("pk"), "sk", entry.get("sk")))
                                        .consistentRead(true)
                                        .build())
                                .item();
                        Map<String, AttributeValue> expected = new LinkedHashMap<>();
                        for (String name : projected) {
                            if (item.containsKey(name)) {
                                expected.put(name, item.get(name));
                            }
                        }
                        assertThat(entry).isEqualTo(expected);
                        assertThat(List.copyOf(entry.keySet())).isEqualTo(List.copyOf(expected.keySet()));
                    }
                }
            }
        }
    }

    @Test
    void aPutThatAsksForSomethingStillGetsIt() {
        try (Storage db = Storage.inMemory()) {
            db.createTable(TABLE);
            Map<String, AttributeValue> item = Map.of("pk", AttributeValue.s("p"), "sk", AttributeValue.s("s"));
            db.putItem(PutItemRequest.builder().tableName("Tab").item(item).build());
            PutItemResponse old = db.putItem(PutItemRequest.builder()
                    .tableName("Tab")
                    .item(item)
                    .returnValues(ReturnValues.ALL_OLD)
                    .build());
            assertThat(old.attributes()).isEqualTo(item);
            PutItemResponse measured = db.putItem(PutItemRequest.builder()
                    .tableName("Tab")
                    .item(item)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .build());
            assertThat(measured.consumedCapacity()).isNotNull();
            assertThat(measured.attributes()).isNull();
        }
    }
}
