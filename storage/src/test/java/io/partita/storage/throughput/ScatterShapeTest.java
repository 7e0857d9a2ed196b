package io.partita.storage.throughput;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.Storage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.Select;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The shape of seed 002's experiment at small scale, in virtual time: clicks of one eventTime offered at 5,000/s
 * for 10 s (one put every 200 µs, no retries). A GSI keyed by eventTime is one partition, capped near
 * 1,000 writes/s however much capacity the index has; scattered over 100 shards it takes the full rate.
 * (The full experiment, with retrying writers and index lag, is {@code benchmarks/.../scatter/ScatterExperiment}.)
 */
class ScatterShapeTest extends Fixture {
    private static final int RATE = 5_000;
    private static final int SECONDS = 10;
    private static final long INTERVAL_NANOS = 1_000_000_000L / RATE;

    private record Outcome(int accepted, int throttled, long indexEntries) {
        double perSecond() {
            return accepted / (double) SECONDS;
        }
    }

    private Outcome offer(int shards) {
        ProvisionedThroughput ample = new ProvisionedThroughput(10_000, 10_000);
        GlobalSecondaryIndex gsi = shards == 0
                ? new GlobalSecondaryIndex(
                        "ByEventTime", List.of(KeyAttribute.s("eventTime")), List.of(), Projection.keysOnly(), ample)
                : new GlobalSecondaryIndex(
                        "ByEventTime",
                        List.of(KeyAttribute.n("scatteredValue")),
                        List.of(KeyAttribute.s("eventTime")),
                        Projection.keysOnly(),
                        ample);
        try (Storage db = core()) {
            db.createTable(TableDefinition.builder("Clicks")
                    .partitionKey(KeyAttribute.s("referrer"))
                    .sortKey(KeyAttribute.s("clickId"))
                    .provisionedThroughput(ample)
                    .globalSecondaryIndex(gsi)
                    .build());
            SplittableRandom random = new SplittableRandom(7);
            int accepted = 0;
            int throttled = 0;
            for (int i = 0; i < RATE * SECONDS; i++) {
                Map<String, AttributeValue> click = new HashMap<>(Map.of(
                        "referrer", s("r" + (i % 200)), "clickId", s("c" + i), "eventTime", s("2015-06-15T10:31")));
                if (shards > 0) {
                    click.put("scatteredValue", n(random.nextInt(shards)));
                }
                if (tryPut(db, "Clicks", click)) {
                    accepted++;
                } else {
                    throttled++;
                }
                clock.advanceNanos(INTERVAL_NANOS);
            }
            db.checkInvariants();
            long entries = db.describeTable("Clicks").indexes().get(0).itemCount();
            if (shards == 0) { // what the index serves: every accepted click, and nothing else
                int counted = 0;
                Map<String, AttributeValue> start = null;
                do {
                    var page = db.query(QueryRequest.builder()
                            .tableName("Clicks")
                            .indexName("ByEventTime")
                            .select(Select.COUNT)
                            .keyConditionExpression("eventTime = :t")
                            .expressionAttributeValues(Map.of(":t", s("2015-06-15T10:31")))
                            .exclusiveStartKey(start)
                            .build());
                    counted += page.count();
                    start = page.lastEvaluatedKey();
                } while (start != null);
                assertThat(counted).isEqualTo(accepted);
            }
            return new Outcome(accepted, throttled, entries);
        }
    }

    @Test
    void anUnshardedGsiOnEventTimeCapsWritesNearOneThousandPerSecond() {
        Outcome o = offer(0);
        assertThat(o.perSecond()).isBetween(950.0, 1_250.0); // 1,000/s plus the partition's first full second
        assertThat(o.throttled()).isBetween(35_000, 40_000);
        assertThat(o.indexEntries()).isEqualTo(o.accepted());
    }

    @Test
    void aGsiScatteredOverOneHundredShardsSustainsTheFullRate() {
        Outcome o = offer(100);
        assertThat(o.perSecond()).isGreaterThanOrEqualTo(4_990.0);
        assertThat(o.throttled()).isLessThanOrEqualTo(RATE * SECONDS / 100);
        assertThat(o.indexEntries()).isEqualTo(o.accepted());
    }
}
