package io.partita.storage.durable;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.TestStorage;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Durable reads that decode only what they return give what the in-memory core gives, byte for byte: every read
 * (GetItem, BatchGetItem, Query and Scan, paginated to the end, with random projections, nested paths, filters,
 * Select values, limits, capacity reports, on the table and on ALL, KEYS_ONLY and INCLUDE indexes and an LSI that
 * fetches) of random items of every attribute type, on a durable core with no decoded cache, with one too small for
 * most entries (heavier than a stripe, or churning), and with one that holds everything. Results and errors are
 * compared as their text (attribute order included).
 */
class ProjectedReadsTest {
    private static final long SEED = 0x32_DEC0DEL;
    private static final int PKS = 6;
    private static final int SKS = 30;
    private static final int READS = 400;
    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    private Path dir;
    /** Reads compared, and how many of them ended in an error (the same on both cores). */
    private int compared;

    private int failed;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("partita-projected");
    }

    @AfterEach
    void clean() {
        TestStorage.deleteRecursively(dir);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 24 * 1024, 4 * 1024 * 1024})
    void everyReadMatchesTheInMemoryCore(long decodedCacheBytes) {
        System.out.println("ProjectedReadsTest seed " + SEED + ", decodedCacheBytes " + decodedCacheBytes);
        StorageOptions options = StorageOptions.defaults()
                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                .withTimeToLiveSweepInterval(Duration.ZERO);
        Storage memory = Storage.inMemory(options);
        try (DurableStorage durable = Storage.open(
                dir,
                DurableOptions.defaults()
                        .withStorageOptions(options)
                        .withMemoryBytes(16L * 1024 * 1024)
                        .withDecodedCacheBytes(decodedCacheBytes))) {
            Random random = new Random(SEED);
            ProjectedReadsGen gen = new ProjectedReadsGen(random);
            memory.createTable(ProjectedReadsGen.table());
            durable.createTable(ProjectedReadsGen.table());
            for (int pk = 0; pk < PKS; pk++) {
                for (int sk = 0; sk < SKS; sk++) {
                    if (random.nextInt(4) != 0) {
                        put(memory, durable, gen.item(pk, sk));
                    }
                }
            }
            reads(memory, durable, gen, random, "first round");
            for (int i = 0; i < PKS * SKS / 3; i++) {
                int pk = random.nextInt(PKS);
                int sk = random.nextInt(SKS);
                if (random.nextInt(3) == 0) {
                    delete(memory, durable, gen.key(pk, sk));
                } else {
                    put(memory, durable, gen.item(pk, sk));
                }
            }
            reads(memory, durable, gen, random, "after writes");
            // the generator's requests are mostly valid: the comparison is of results, not of errors
            assertThat(failed).as("reads that failed, of " + compared).isLessThan(compared / 3);
        } finally {
            memory.close();
        }
    }

    private void reads(Storage memory, Storage durable, ProjectedReadsGen gen, Random random, String round) {
        for (int i = 0; i < READS; i++) {
            String what = round + ", read " + i;
            switch (random.nextInt(4)) {
                case 0 -> {
                    var r = gen.get(PKS, SKS);
                    same(what + " " + r, memory, durable, s -> s.getItem(r));
                }
                case 1 -> {
                    var r = gen.batchGet(PKS, SKS);
                    same(what + " " + r, memory, durable, s -> s.batchGetItem(r));
                }
                case 2 -> pages(what, memory, durable, gen.query(PKS, SKS, null));
                default -> pages(what, memory, durable, gen.scan());
            }
        }
    }

    /** A Query or Scan and its following pages (from the in-memory core's last key) to the end. */
    private void pages(String what, Storage memory, Storage durable, Object request) {
        Object r = request;
        for (int page = 0; r != null && page < 200; page++) {
            Object current = r;
            Object response = same(what + " page " + page + " " + current, memory, durable, s -> read(s, current));
            Map<String, AttributeValue> last = response instanceof QueryResponse q
                    ? q.lastEvaluatedKey()
                    : response instanceof ScanResponse sr ? sr.lastEvaluatedKey() : null;
            r = last == null ? null : withStart(current, last);
        }
    }

    private static Object read(Storage s, Object request) {
        return request instanceof QueryRequest q ? s.query(q) : s.scan((ScanRequest) request);
    }

    private static Object withStart(Object request, Map<String, AttributeValue> start) {
        if (request instanceof QueryRequest q) {
            return new QueryRequest(
                    q.tableName(),
                    q.indexName(),
                    q.keyConditionExpression(),
                    q.filterExpression(),
                    q.projectionExpression(),
                    q.expressionAttributeNames(),
                    q.expressionAttributeValues(),
                    q.select(),
                    q.limit(),
                    q.scanIndexForward(),
                    start,
                    q.consistentRead(),
                    q.returnConsumedCapacity());
        }
        ScanRequest s = (ScanRequest) request;
        return new ScanRequest(
                s.tableName(),
                s.indexName(),
                s.filterExpression(),
                s.projectionExpression(),
                s.expressionAttributeNames(),
                s.expressionAttributeValues(),
                s.select(),
                s.limit(),
                start,
                s.consistentRead(),
                s.segment(),
                s.totalSegments(),
                s.returnConsumedCapacity());
    }

    /** Runs the read on both cores; their results (or errors) must be the same text. Returns the in-memory result. */
    private Object same(String what, Storage memory, Storage durable, Function<Storage, Object> read) {
        Object expected = outcome(memory, read);
        compared++;
        if (expected instanceof String) {
            failed++;
        }
        Object actual = outcome(durable, read);
        assertThat(String.valueOf(actual)).as(what).isEqualTo(String.valueOf(expected));
        return expected;
    }

    private static Object outcome(Storage s, Function<Storage, Object> read) {
        try {
            return read.apply(s);
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static void put(Storage memory, Storage durable, Map<String, AttributeValue> item) {
        for (Storage s : new Storage[] {memory, durable}) {
            s.putItem(new PutItemRequest(ProjectedReadsGen.TABLE, item, null, null, null, null, null, false, false));
        }
    }

    private static void delete(Storage memory, Storage durable, Map<String, AttributeValue> key) {
        for (Storage s : new Storage[] {memory, durable}) {
            s.deleteItem(
                    new DeleteItemRequest(ProjectedReadsGen.TABLE, key, null, null, null, null, null, false, false));
        }
    }
}
