package io.partita.benchmarks;

import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The one data set both sides are measured on: table {@code Bench}, key {@code pk} (S) + {@code sk} (S), three
 * GSIs and one LSI, items of exactly {@value #ITEM_SIZE} bytes as DynamoDB sizes them, every index attribute set.
 *
 * <p>Item {@code i} of a table preloaded with {@code n} items:
 * <ul>
 *   <li>{@code pk = "user#%07d"(i / 4)}, {@code sk = "item#%d"(i % 4)}: four items per partition, so the LSI holds
 *       real item collections;</li>
 *   <li>GSI {@code gsi1} (ALL): {@code g1pk = "g1#%07d"(i % (n / 10))}, {@code g1sk = i} (N): exactly ten items for
 *       each of the {@code n / 10} g1 partitions, spread over ten different table partitions;</li>
 *   <li>GSI {@code gsi2} (KEYS_ONLY): {@code g2pk = "g2#%07d"(i / 100)};</li>
 *   <li>GSI {@code gsi3} (INCLUDE a, b): {@code g3pk = "g3#%02d"(i % 64)}, {@code g3sk = "t#%09d"(i)};</li>
 *   <li>LSI {@code lsi1} (ALL): {@code lsk = (i * 7919) % 100000} (N);</li>
 *   <li>{@code a} (S), {@code b} (N), and {@code d}: pseudo-random letters padding the item to {@value #ITEM_SIZE}
 *       bytes (distinct per item, so nothing is shared between stored items).</li>
 * </ul>
 * Items with {@code i >= n} (fresh keys for PutItem) follow the same rules.
 */
public final class Workload {
    public static final String TABLE = "Bench";
    /** Index names need 3+ characters in DynamoDB, so the brief's g1/g2/g3/l1 are spelled gsi1/gsi2/gsi3/lsi1. */
    public static final String G1 = "gsi1";

    public static final int ITEM_SIZE = 200;
    /** Items per g1 partition, and so per GSI query. */
    public static final int QUERY_PAGE = 10;
    /** Partitions of GSI {@code gsi3}: {@code g3pk = i % G3_PARTITIONS}. */
    public static final int G3_PARTITIONS = 64;
    /** Pre-built requests per benchmark state; a power of two (indexes are masked). */
    public static final int POOL = 1 << 16;

    private Workload() {}

    public static TableDefinition tableDefinition() {
        return TableDefinition.builder(TABLE)
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.s("sk"))
                .globalSecondaryIndex(G1, KeyAttribute.s("g1pk"), KeyAttribute.n("g1sk"), Projection.all())
                .globalSecondaryIndex("gsi2", KeyAttribute.s("g2pk"), null, Projection.keysOnly())
                .globalSecondaryIndex(
                        "gsi3", KeyAttribute.s("g3pk"), KeyAttribute.s("g3sk"), Projection.include("a", "b"))
                .localSecondaryIndex("lsi1", KeyAttribute.n("lsk"), Projection.all())
                .build();
    }

    public static String pk(long i) {
        return String.format("user#%07d", i / 4);
    }

    public static String sk(long i) {
        return "item#" + (i % 4);
    }

    public static String g1pk(long g) {
        return String.format("g1#%07d", g);
    }

    public static String g2pk(long g) {
        return String.format("g2#%07d", g);
    }

    /** Number of g1 partitions in a table preloaded with n items. */
    public static int g1Partitions(int n) {
        if (n % QUERY_PAGE != 0 || n < QUERY_PAGE) {
            throw new IllegalArgumentException("n must be a positive multiple of " + QUERY_PAGE + ", got " + n);
        }
        return n / QUERY_PAGE;
    }

    /** Item {@code i} of a table whose g1 key space was sized for {@code n} preloaded items, in the core's model. */
    public static Map<String, AttributeValue> item(long i, int n) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(16);
        item.put("pk", AttributeValue.s(pk(i)));
        item.put("sk", AttributeValue.s(sk(i)));
        item.put("g1pk", AttributeValue.s(g1pk(i % g1Partitions(n))));
        item.put("g1sk", AttributeValue.n(i));
        item.put("g2pk", AttributeValue.s(g2pk(i / 100)));
        item.put("g3pk", AttributeValue.s(String.format("g3#%02d", i % G3_PARTITIONS)));
        item.put("g3sk", AttributeValue.s(String.format("t#%09d", i)));
        item.put("lsk", AttributeValue.n((i * 7919) % 100_000));
        item.put("a", AttributeValue.s("a-" + i));
        item.put("b", AttributeValue.n(i % 1000));
        int pad = ITEM_SIZE - Items.size(item) - 1; // - 1 for the name "d"
        StringBuilder d = new StringBuilder(pad);
        SplittableRandom r = new SplittableRandom(i * 0x9E3779B97F4A7C15L);
        for (int k = 0; k < pad; k++) {
            d.append((char) ('a' + r.nextInt(26)));
        }
        item.put("d", AttributeValue.s(d.toString()));
        return item;
    }

    public static Map<String, AttributeValue> key(long i) {
        return Map.of("pk", AttributeValue.s(pk(i)), "sk", AttributeValue.s(sk(i)));
    }

    /** The same item in the AWS SDK v2 model, for DynamoDB Local. */
    public static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Map<String, AttributeValue> item) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> out = new LinkedHashMap<>(16);
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            out.put(e.getKey(), toSdk(e.getValue()));
        }
        return out;
    }

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue v) {
        if (v instanceof AttributeValue.S s) {
            return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(s.value());
        }
        if (v instanceof AttributeValue.N num) {
            return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN(num.text());
        }
        throw new IllegalArgumentException("the workload uses S and N only: " + v);
    }

    /** Random indexes in [0, bound), fixed seed so both sides see the same sequence. */
    public static int[] randomIndexes(int count, int bound, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = r.nextInt(bound);
        }
        return out;
    }
}
