package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Condition;
import io.partita.Cursor;
import io.partita.generated.QuerySpec;
import io.partita.mapping.ItemDecoder;
import io.partita.spi.ForwardingBackend;
import io.partita.storage.Backend;
import io.partita.storage.Storage;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link QueryBuilder#list()}'s single-page fast path ({@link QueryEngine#list}) against the general path it replaces
 * (the page reader and decoding iterator, {@code KeyConditionFormTest.drain(QueryEngine.iterator(q))}): for random
 * queries — partitions empty, small, and larger than one 1 MB page, with and without a limit (below, at and above the
 * partition's size), ascending and descending, sort-key ranges that match nothing, some or all, filters, consistent
 * reads, decoders that return null for some items — the same results and the very same requests, in the same order.
 * {@link QueryEngine#singleRequest} (list and page) is the builder's request field for field, with and without a
 * start key. Under concurrent writes to the queried partition every list is a valid answer. Seeds are printed.
 */
class ListFastPathTest {
    private static final TableDefinition TABLE = TableDefinition.builder("Things")
            .partitionKey(KeyAttribute.s("P"))
            .sortKey(KeyAttribute.s("S"))
            .build();
    private static final int PARTITIONS = 10;

    private final Storage storage = Storage.inMemory();
    private final List<QueryRequest> sent = new ArrayList<>();
    private final Backend recording = new ForwardingBackend(storage) {
        @Override
        public QueryResponse query(QueryRequest r) {
            sent.add(r);
            return super.query(r);
        }

        @Override
        public void close() {}
    };
    private final QuerySpec<Map<String, AttributeValue>> items =
            QuerySpec.of(recording, TABLE, null, item -> item, null, false);
    /** A decoder that refuses some items although the spec says it never does: the results must still agree. */
    private final QuerySpec<Map<String, AttributeValue>> refusing = QuerySpec.of(
            recording, TABLE, null, item -> item.get("F").asN().intValueExact() == 0 ? null : item, null, false);

    @BeforeEach
    void load() {
        storage.createTable(TABLE);
        long seed = 0x5EED_0714L;
        Random random = new Random(seed);
        for (int p = 1; p < PARTITIONS; p++) { // p0 stays empty
            int n = 1 + random.nextInt(40);
            for (int i = 0; i < n; i++) {
                put("p" + p, String.format("s%02d", random.nextInt(60)), random.nextInt(5), 10);
            }
        }
        // a partition larger than one page: 14 items of 200 KB, about five per 1 MB page
        for (int i = 0; i < 14; i++) {
            put("big", String.format("s%02d", i), i % 5, 200_000);
        }
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private void put(String p, String s, int f, int size) {
        storage.putItem(PutItemRequest.builder()
                .tableName("Things")
                .item(Map.of(
                        "P", AttributeValue.s(p),
                        "S", AttributeValue.s(s),
                        "F", AttributeValue.n(f),
                        "V", AttributeValue.s("v".repeat(size))))
                .build());
    }

    /** One random query's settings, applied to as many fresh builders as needed. */
    private static Function<QuerySpec<Map<String, AttributeValue>>, KeyConditionFormTest.Probe> randomQuery(
            Random random) {
        String partition = random.nextInt(8) == 0 ? "big" : "p" + random.nextInt(PARTITIONS);
        int limit = random.nextInt(3) == 0 ? -1 : 1 + random.nextInt(45);
        boolean descending = random.nextBoolean();
        boolean consistent = random.nextInt(4) == 0;
        int rangeKind = random.nextInt(6);
        String bound = String.format("s%02d", random.nextInt(70));
        int filterKind = random.nextInt(4);
        int f = random.nextInt(5);
        return spec -> {
            KeyConditionFormTest.Probe q = new KeyConditionFormTest.Probe(spec).partition("P", partition);
            switch (rangeKind) {
                case 1 -> q.range("S", SortOperator.GT, bound, null);
                case 2 -> q.range("S", SortOperator.LE, bound, null);
                case 3 -> q.range("S", SortOperator.BETWEEN, "s10", bound.compareTo("s10") < 0 ? "s10" : bound);
                case 4 -> q.range("S", SortOperator.BEGINS_WITH, "s" + (char) ('0' + bound.charAt(1) % 10), null);
                case 5 -> q.range("S", SortOperator.EQ, bound, null);
                default -> {}
            }
            if (filterKind == 1) {
                q.filter(Condition.eq("F", AttributeValue.n(f)));
            } else if (filterKind == 2) {
                q.filter(Condition.lt("F", AttributeValue.n(f)));
            }
            if (limit > 0) {
                q.limit(limit);
            }
            if (descending) {
                q.descending();
            }
            q.consistentRead = consistent;
            return q;
        };
    }

    @Test
    void fastPathGivesTheGeneralPathsResultsAndRequests() {
        long seed = Seeds.seed("ListFastPathTest", 0x115F0701L);
        Random random = new Random(seed);
        int multiPage = 0;
        int empty = 0;
        for (int trial = 0; trial < 1500; trial++) {
            Function<QuerySpec<Map<String, AttributeValue>>, KeyConditionFormTest.Probe> query = randomQuery(random);
            QuerySpec<Map<String, AttributeValue>> spec = random.nextInt(4) == 0 ? refusing : items;
            sent.clear();
            KeyConditionFormTest.Probe general = query.apply(spec);
            List<Map<String, AttributeValue>> expected = KeyConditionFormTest.drain(QueryEngine.iterator(general));
            List<QueryRequest> expectedRequests = List.copyOf(sent);
            sent.clear();
            List<Map<String, AttributeValue>> actual = query.apply(spec).list();
            String context = "seed " + seed + " trial " + trial + " " + expectedRequests.get(0);
            assertThat(actual).as(context).isEqualTo(expected);
            assertThat(sent).as(context).isEqualTo(expectedRequests);
            if (general.limit > 0) {
                assertThat(actual.size()).as(context).isLessThanOrEqualTo(general.limit);
            }
            multiPage += expectedRequests.size() > 1 ? 1 : 0;
            empty += expected.isEmpty() ? 1 : 0;
        }
        // the random queries reach both sides of the fast path's test and the empty answer
        assertThat(multiPage).isGreaterThan(10);
        assertThat(empty).isGreaterThan(10);
    }

    @Test
    void singleRequestIsTheBuildersRequest_withAndWithoutStartKey() {
        long seed = Seeds.seed("ListFastPathTest", 0x115F0702L);
        Random random = new Random(seed);
        for (int trial = 0; trial < 500; trial++) {
            Function<QuerySpec<Map<String, AttributeValue>>, KeyConditionFormTest.Probe> query = randomQuery(random);
            KeyConditionFormTest.Probe q = query.apply(items);
            boolean count = random.nextBoolean();
            Map<String, AttributeValue> start = null;
            if (random.nextBoolean()) {
                start = query.apply(items)
                        .limit(1)
                        .page()
                        .next()
                        .map(Cursor::lastEvaluatedKey)
                        .orElse(null);
            }
            Integer limit = q.limit > 0 ? q.limit : null;
            QueryRequest expected = QueryEngine.request(q, null, count)
                    .exclusiveStartKey(start)
                    .limit(limit)
                    .build();
            assertThat(QueryEngine.singleRequest(q, count, start, limit))
                    .as("seed " + seed + " trial " + trial)
                    .isEqualTo(expected);
        }
    }

    @Test
    void pagesThroughCursorsAsBefore() {
        // page(cursor) now builds its request without a builder: paging a partition visits every item once, in order
        for (int size : new int[] {1, 3, 7, 100}) {
            List<Map<String, AttributeValue>> all =
                    new KeyConditionFormTest.Probe(items).partition("P", "p3").list();
            List<Map<String, AttributeValue>> paged = new ArrayList<>();
            Cursor cursor = null;
            do {
                io.partita.Page<Map<String, AttributeValue>> page = new KeyConditionFormTest.Probe(items)
                        .partition("P", "p3")
                        .limit(size)
                        .page(cursor);
                paged.addAll(page.items());
                cursor = page.next().orElse(null);
            } while (cursor != null);
            assertThat(paged).isEqualTo(all);
        }
    }

    @Test
    void errorsAreTheGeneralPaths() {
        // no partition key: the same exception, nothing sent
        sent.clear();
        assertThatThrownBy(() -> new KeyConditionFormTest.Probe(items).list())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(io.partita.internal.RuntimeMessage.QueryWithoutPartitionKey.format());
        assertThat(sent).isEmpty();
        // the core's validation error comes through unchanged (a consistent read is fine here, an unknown table not)
        QuerySpec<Map<String, AttributeValue>> missing = QuerySpec.of(
                recording,
                TableDefinition.builder("Missing")
                        .partitionKey(KeyAttribute.s("P"))
                        .build(),
                null,
                (ItemDecoder<Map<String, AttributeValue>>) item -> item,
                null,
                false);
        Throwable general = null;
        try {
            KeyConditionFormTest.Probe q = new KeyConditionFormTest.Probe(missing).partition("P", "x");
            KeyConditionFormTest.drain(QueryEngine.iterator(q));
        } catch (RuntimeException e) {
            general = e;
        }
        assertThat(general).isNotNull();
        Throwable expected = general;
        assertThatThrownBy(() -> new KeyConditionFormTest.Probe(missing)
                        .partition("P", "x")
                        .list())
                .isInstanceOf(expected.getClass())
                .hasMessage(expected.getMessage());
    }

    @Test
    void concurrentWritesToTheQueriedPartition_everyListIsAValidAnswer() throws InterruptedException {
        long seed = Seeds.seed("ListFastPathTest", 0x115F0703L);
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            Random w = new Random(seed + 1);
            while (!stop.get()) {
                String s = String.format("s%02d", w.nextInt(60));
                if (w.nextInt(3) == 0) {
                    storage.deleteItem(DeleteItemRequest.builder()
                            .tableName("Things")
                            .key(Map.of("P", AttributeValue.s("hot"), "S", AttributeValue.s(s)))
                            .build());
                } else {
                    put("hot", s, w.nextInt(5), 10);
                }
            }
        });
        writer.start();
        try {
            Random random = new Random(seed);
            for (int trial = 0; trial < 3000; trial++) {
                int limit = random.nextInt(3) == 0 ? -1 : 1 + random.nextInt(30);
                boolean descending = random.nextBoolean();
                KeyConditionFormTest.Probe q = new KeyConditionFormTest.Probe(items).partition("P", "hot");
                if (limit > 0) {
                    q.limit(limit);
                }
                if (descending) {
                    q.descending();
                }
                List<Map<String, AttributeValue>> result = q.list();
                String context = "seed " + seed + " trial " + trial;
                if (limit > 0) {
                    assertThat(result.size()).as(context).isLessThanOrEqualTo(limit);
                }
                for (int i = 0; i < result.size(); i++) {
                    assertThat(result.get(i).get("P")).as(context).isEqualTo(AttributeValue.s("hot"));
                    if (i > 0) {
                        int order = result.get(i - 1)
                                .get("S")
                                .asS()
                                .compareTo(result.get(i).get("S").asS());
                        assertThat(descending ? order > 0 : order < 0)
                                .as(context + " order at " + i)
                                .isTrue();
                    }
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
    }
}
