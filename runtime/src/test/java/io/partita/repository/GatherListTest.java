package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Condition;
import io.partita.GatherException;
import io.partita.generated.QuerySpec;
import io.partita.spi.ForwardingBackend;
import io.partita.storage.Backend;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.Storage;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A scattered query's {@code list()} ({@link Gather#list}: the merged rows decoded straight into the list) against
 * the general path it replaces ({@code KeyConditionFormTest.drain(QueryEngine.iterator(q))}: the decoding iterator over
 * {@link MergedShards}), on seeded random gathers — 1 to 12 shards, some empty, sizes uneven, some shards larger than
 * one 1 MB page; equal sort keys across shards (ties settled by the table key); limits below, at and above the
 * answer's size, and none; ascending and descending; sort-key ranges; filters; template-style residual checks;
 * decoders that refuse some rows — the same results in the same order and the very same requests, and both equal to
 * the sort of every matching row. A failing shard fails both the same way. Seeds are printed.
 */
class GatherListTest {
    private static final TableDefinition TABLE = TableDefinition.builder("Rows")
            .partitionKey(KeyAttribute.s("Id"))
            .globalSecondaryIndex(
                    GlobalSecondaryIndex.of("ByShard", KeyAttribute.s("Shard"), KeyAttribute.s("At"), Projection.all()))
            .build();

    private final Storage storage = Storage.inMemory();
    private final List<QueryRequest> sent = new ArrayList<>();
    /** A shard value whose request fails from its {@code failAt}-th page on (null: none fails). */
    private String failing;

    private int failAt;
    private final Map<String, Integer> pagesOf = new HashMap<>();
    private final Backend recording = new ForwardingBackend(storage) {
        @Override
        public QueryResponse query(QueryRequest r) {
            sent.add(r);
            AttributeValue shard = r.expressionAttributeValues().values().stream()
                    .filter(v -> v instanceof AttributeValue.S s && s.value().startsWith("shard"))
                    .findFirst()
                    .orElse(null);
            if (failing != null && shard != null && shard.asS().equals(failing)) {
                int page = pagesOf.merge(failing, 1, Integer::sum);
                if (page >= failAt) {
                    throw new ProvisionedThroughputExceededException("shard " + failing + " is throttled");
                }
            }
            return super.query(r);
        }

        @Override
        public void close() {}
    };

    /** The rows put, by id. */
    private final List<Map<String, AttributeValue>> rows = new ArrayList<>();

    @AfterEach
    void close() {
        storage.close();
    }

    /** Random rows over {@code shards} shard values: some shards empty, uneven sizes, some with 200 KB rows. */
    private void load(Random random, int shards) {
        storage.createTable(TABLE);
        int id = 0;
        for (int s = 0; s < shards; s++) {
            int kind = random.nextInt(6);
            int n = kind == 0 ? 0 : kind == 1 ? 1 + random.nextInt(3) : random.nextInt(30);
            boolean big = random.nextInt(8) == 0;
            if (big) {
                n = 6 + random.nextInt(8); // 200 KB each: more than one 1 MB page
            }
            for (int i = 0; i < n; i++) {
                Map<String, AttributeValue> row = new HashMap<>();
                row.put("Id", AttributeValue.s(String.format("id%05d", id++ * 7919 % 100_000)));
                row.put("Shard", AttributeValue.s("shard" + s));
                // a small alphabet of sort keys: equal keys across and within shards
                row.put("At", AttributeValue.s(String.format("2024-05-01T00:%02d:00Z", random.nextInt(25))));
                row.put("F", AttributeValue.n(random.nextInt(5)));
                row.put("V", AttributeValue.s(big ? "v".repeat(200_000) : "v"));
                storage.putItem(
                        PutItemRequest.builder().tableName("Rows").item(row).build());
                rows.add(row);
            }
        }
    }

    /** One random gather's settings, applied to as many fresh builders as needed. */
    private static Function<QuerySpec<Map<String, AttributeValue>>, KeyConditionFormTest.Probe> randomQuery(
            Random random, int shards) {
        int limitKind = random.nextInt(4);
        int limit = limitKind == 0 ? -1 : limitKind == 1 ? 1 + random.nextInt(4) : 1 + random.nextInt(120);
        boolean descending = random.nextBoolean();
        int rangeKind = random.nextInt(5);
        String bound = String.format("2024-05-01T00:%02d:00Z", random.nextInt(25));
        int filterKind = random.nextInt(4);
        int f = random.nextInt(5);
        boolean residual = random.nextInt(4) == 0;
        int r = random.nextInt(5);
        String[] values = new String[shards];
        for (int s = 0; s < shards; s++) {
            values[s] = "shard" + s;
        }
        return spec -> {
            KeyConditionFormTest.Probe q = new KeyConditionFormTest.Probe(spec).scatterOn("Shard", values);
            switch (rangeKind) {
                case 1 -> q.range("At", SortOperator.GT, bound, null);
                case 2 -> q.range("At", SortOperator.LE, bound, null);
                case 3 -> q.range("At", SortOperator.EQ, bound, null);
                case 4 -> q.range("At", SortOperator.BEGINS_WITH, "2024-05-01T00:1", null);
                default -> {}
            }
            if (filterKind == 1) {
                q.filter(Condition.eq("F", AttributeValue.n(f)));
            } else if (filterKind == 2) {
                q.filter(Condition.lt("F", AttributeValue.n(f)));
            }
            if (residual) {
                q.addResidual(item -> item.get("F").asN().intValueExact() != r);
            }
            if (limit > 0) {
                q.limit(limit);
            }
            if (descending) {
                q.descending();
            }
            // requests on the calling thread, in the merge's order: both paths' requests compare as sequences
            q.executor(Runnable::run);
            return q;
        };
    }

    /** Every row that matches {@code q}, in the order of one unsharded partition (At, then Id), up to its limit. */
    private List<Map<String, AttributeValue>> expected(
            KeyConditionFormTest.Probe q, Function<Map<String, AttributeValue>, Map<String, AttributeValue>> decoder) {
        QueryRequest any =
                QueryEngine.request(q, AttributeValue.s("shard0"), false).build();
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        for (Map<String, AttributeValue> row : rows) {
            if (matches(q, any, row) && (q.residual == null || q.residual.test(row)) && decoder.apply(row) != null) {
                out.add(row);
            }
        }
        Comparator<Map<String, AttributeValue>> order = Comparator.comparing(
                        (Map<String, AttributeValue> m) -> m.get("At").asS())
                .thenComparing(m -> m.get("Id").asS());
        out.sort(q.descending ? order.reversed() : order);
        return q.limit > 0 && out.size() > q.limit ? out.subList(0, q.limit) : out;
    }

    /** The row passes the query's sort-key condition and filter (the shard is every shard). */
    private static boolean matches(
            KeyConditionFormTest.Probe q, QueryRequest request, Map<String, AttributeValue> row) {
        String at = row.get("At").asS();
        QueryBuilder.RangeTerm range = q.effectiveRange();
        if (range != null) {
            String b = range.first().asS();
            boolean in = switch (range.operator()) {
                case GT -> at.compareTo(b) > 0;
                case LE -> at.compareTo(b) <= 0;
                case EQ -> at.equals(b);
                case BEGINS_WITH -> at.startsWith(b);
                default -> throw new AssertionError(range);
            };
            if (!in) {
                return false;
            }
        }
        String filter = request.filterExpression();
        if (filter == null) {
            return true;
        }
        int f = row.get("F").asN().intValueExact();
        int operand = request.expressionAttributeValues().values().stream()
                .filter(v -> v instanceof AttributeValue.N)
                .findFirst()
                .orElseThrow()
                .asN()
                .intValueExact();
        return filter.contains(" = ") ? f == operand : f < operand;
    }

    @Test
    void listIsTheGeneralPath_resultsAndRequests() {
        long seed = Seeds.seed("GatherListTest", 0x6A7E0801L);
        Random random = new Random(seed);
        int multiPage = 0;
        int empty = 0;
        int limited = 0;
        for (int round = 0; round < 60; round++) {
            int shards = 1 + random.nextInt(12);
            if (round > 0) {
                storage.deleteTable("Rows");
            }
            rows.clear();
            load(random, shards);
            boolean refuses = random.nextInt(3) == 0;
            Function<Map<String, AttributeValue>, Map<String, AttributeValue>> decode =
                    refuses ? item -> item.get("F").asN().intValueExact() == 0 ? null : item : item -> item;
            QuerySpec<Map<String, AttributeValue>> spec =
                    QuerySpec.of(recording, TABLE, "ByShard", decode::apply, null, refuses);
            for (int trial = 0; trial < 25; trial++) {
                Function<QuerySpec<Map<String, AttributeValue>>, KeyConditionFormTest.Probe> query =
                        randomQuery(random, shards);
                sent.clear();
                KeyConditionFormTest.Probe general = query.apply(spec);
                List<Map<String, AttributeValue>> expected = KeyConditionFormTest.drain(QueryEngine.iterator(general));
                List<QueryRequest> expectedRequests = List.copyOf(sent);
                sent.clear();
                KeyConditionFormTest.Probe fast = query.apply(spec);
                List<Map<String, AttributeValue>> actual = Gather.list(fast);
                String context = "seed " + seed + " round " + round + " trial " + trial + " shards " + shards
                        + " limit " + general.limit + " descending " + general.descending;
                assertThat(actual).as(context).isEqualTo(expected);
                assertThat(sent).as(context).isEqualTo(expectedRequests);
                assertThat(actual).as(context).isEqualTo(expected(general, decode));
                // and through the public terminal
                sent.clear();
                assertThat(query.apply(spec).list()).as(context).isEqualTo(expected);
                assertThat(sent).as(context).isEqualTo(expectedRequests);
                multiPage += expectedRequests.size() > shards ? 1 : 0;
                empty += expected.isEmpty() ? 1 : 0;
                limited += general.limit > 0 && expected.size() == general.limit ? 1 : 0;
            }
        }
        // the random gathers reach shards of several pages, empty answers and answers cut by the limit
        assertThat(multiPage).isGreaterThan(10);
        assertThat(empty).isGreaterThan(10);
        assertThat(limited).isGreaterThan(10);
    }

    @Test
    void aFailingShardFailsBothPathsAlike() {
        long seed = Seeds.seed("GatherListTest", 0x6A7E0802L);
        Random random = new Random(seed);
        load(random, 8);
        QuerySpec<Map<String, AttributeValue>> spec =
                QuerySpec.of(recording, TABLE, "ByShard", item -> item, null, false);
        int failed = 0;
        for (int trial = 0; trial < 40; trial++) {
            Function<QuerySpec<Map<String, AttributeValue>>, KeyConditionFormTest.Probe> query = randomQuery(random, 8);
            failing = "shard" + random.nextInt(8);
            failAt = 1 + random.nextInt(2);
            String context = "seed " + seed + " trial " + trial + " failing " + failing + " at page " + failAt;
            List<String> outcomes = new ArrayList<>();
            List<List<QueryRequest>> requests = new ArrayList<>();
            for (boolean general : new boolean[] {true, false}) {
                sent.clear();
                pagesOf.clear();
                KeyConditionFormTest.Probe q = query.apply(spec);
                try {
                    List<Map<String, AttributeValue>> out =
                            general ? KeyConditionFormTest.drain(QueryEngine.iterator(q)) : Gather.list(q);
                    outcomes.add("rows " + out);
                } catch (GatherException e) {
                    assertThat(e.getCause()).as(context).isInstanceOf(ProvisionedThroughputExceededException.class);
                    outcomes.add("failed " + e.shard() + " " + e.getMessage());
                }
                requests.add(List.copyOf(sent));
            }
            assertThat(outcomes.get(1)).as(context).isEqualTo(outcomes.get(0));
            failed += outcomes.get(0).startsWith("failed") ? 1 : 0;
            assertThat(requests.get(1)).as(context).isEqualTo(requests.get(0));
        }
        assertThat(failed).as("seed " + seed + ": gathers that failed").isGreaterThan(5);
        // a shard failing on its first page always fails the list (never a partial result)
        failing = "shard3";
        failAt = 1;
        pagesOf.clear();
        assertThatThrownBy(() -> Gather.list(query(spec)))
                .isInstanceOf(GatherException.class)
                .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
    }

    private static KeyConditionFormTest.Probe query(QuerySpec<Map<String, AttributeValue>> spec) {
        KeyConditionFormTest.Probe q = new KeyConditionFormTest.Probe(spec)
                .scatterOn("Shard", "shard0", "shard1", "shard2", "shard3", "shard4", "shard5", "shard6", "shard7");
        q.executor(Runnable::run);
        return q;
    }
}
