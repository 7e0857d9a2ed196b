package io.partita;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.generated.EntityMapping;
import io.partita.generated.Shards;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.repository.EntityRepository;
import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.StorageOptions;
import io.partita.storage.ThroughputModel;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Throttling, retries and back-pressure on the core's throughput model, in virtual time: the retry policy's
 * sleeper advances the clock the token buckets refill from, so seconds of backoff take no real time.
 */
class RetryTest {

    /** A clock moved only by the sleeper. */
    static final class VirtualTime extends Clock implements RetryPolicy.Sleeper {
        final AtomicLong nanos = new AtomicLong();
        final AtomicInteger sleeps = new AtomicInteger();
        final Instant origin = Instant.parse("2015-06-15T10:00:00Z");

        @Override
        public void sleep(Duration d) {
            sleeps.incrementAndGet();
            nanos.addAndGet(d.toNanos());
        }

        Duration elapsed() {
            return Duration.ofNanos(nanos.get());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return origin.plusNanos(nanos.get());
        }
    }

    record Click(String id, String minute) {}

    static final ItemSchema<Click> SCHEMA = ItemSchema.builder(Click.class)
            .attribute("Id", Click::id, Codecs.STRING)
            .attribute("Minute", Click::minute, Codecs.STRING)
            .build(v -> new Click(v.get(0), v.get(1)));

    /** GSI ByMinute on a constant partition ("hot"), or scattered over {@code shards}. */
    static final class Clicks extends EntityRepository<Click> {
        Clicks(Partita db, int shards) {
            super(db, mapping(shards));
        }

        static EntityMapping<Click> mapping(int shards) {
            KeyAttribute pk = shards > 0 ? KeyAttribute.n("ByMinute_shard") : KeyAttribute.s("Bucket");
            TableDefinition table = TableDefinition.builder("Clicks")
                    .partitionKey(KeyAttribute.s("Id"))
                    .globalSecondaryIndex(
                            GlobalSecondaryIndex.of("ByMinute", pk, KeyAttribute.s("Minute"), Projection.keysOnly()))
                    .build();
            EntityMapping.Builder<Click> b = EntityMapping.builder(table, SCHEMA);
            return (shards > 0
                            ? b.computed("ByMinute_shard", c -> AttributeValue.n(Shards.of(c.id(), shards)), "Id")
                            : b.computed("Bucket", c -> AttributeValue.s("ALL")))
                    .build();
        }
    }

    private static Partita throttled(VirtualTime time) {
        return Partita.inMemory(
                StorageOptions.defaults().withClock(time).withThroughputModel(ThroughputModel.defaults()));
    }

    @Test
    void backoff_is_exponential_with_full_jitter_and_capped() {
        RetryPolicy p = RetryPolicy.defaults();
        assertThat(p.maxAttempts()).isEqualTo(9);
        assertThat(p.ceiling(0)).isEqualTo(Duration.ofMillis(25));
        assertThat(p.ceiling(1)).isEqualTo(Duration.ofMillis(50));
        assertThat(p.ceiling(5)).isEqualTo(Duration.ofMillis(800));
        assertThat(p.ceiling(10)).isEqualTo(Duration.ofSeconds(20));
        assertThat(p.ceiling(100)).isEqualTo(Duration.ofSeconds(20));
        List<Duration> samples = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            Duration d = p.backoff(3);
            assertThat(d).isBetween(Duration.ZERO, Duration.ofMillis(200));
            samples.add(d);
        }
        // full jitter: spread over the whole range, not bunched at the ceiling
        assertThat(samples.stream()
                        .filter(d -> d.compareTo(Duration.ofMillis(100)) < 0)
                        .count())
                .isBetween(800L, 1200L);
        assertThat(RetryPolicy.none().backoff(5)).isZero();
        assertThatThrownBy(() -> RetryPolicy.defaults().withMaxAttempts(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_hot_gsi_partition_applies_back_pressure_through_retries() {
        VirtualTime time = new VirtualTime();
        try (Partita db = throttled(time)) {
            db.retryPolicy(RetryPolicy.defaults()
                    .withMaxAttempts(100)
                    .withDelays(Duration.ofMillis(10), Duration.ofMillis(500))
                    .withSleeper(time));
            Clicks clicks = new Clicks(db, 0);
            for (int i = 0; i < 3000; i++) {
                clicks.put(new Click("c" + i, "2015-06-15T10:00"));
            }
            // one GSI partition takes 1,000 writes/s after a 1 s burst: 3,000 writes need about 2 s more
            assertThat(time.sleeps.get()).isGreaterThan(0);
            assertThat(time.elapsed())
                    .isGreaterThanOrEqualTo(Duration.ofMillis(1900))
                    .isLessThan(Duration.ofSeconds(10));
            assertThat(db.backend()
                            .scan(io.partita.storage.api.ScanRequest.builder()
                                    .tableName("Clicks")
                                    .indexName("ByMinute")
                                    .build())
                            .count())
                    .isEqualTo(3000);
        }
    }

    @Test
    void scattering_the_index_removes_the_throttling() {
        VirtualTime time = new VirtualTime();
        try (Partita db = throttled(time)) {
            db.retryPolicy(RetryPolicy.defaults().withSleeper(time));
            Clicks clicks = new Clicks(db, 10);
            for (int i = 0; i < 3000; i++) {
                clicks.put(new Click("c" + i, "2015-06-15T10:00"));
            }
            assertThat(time.sleeps.get()).isZero();
            assertThat(time.elapsed()).isZero();
        }
    }

    @Test
    void retries_stop_after_max_attempts_with_the_throttling_error() {
        VirtualTime time = new VirtualTime();
        try (Partita db = throttled(time)) {
            db.retryPolicy(
                    new RetryPolicy(3, Duration.ZERO, Duration.ZERO, time)); // no time passes: the bucket stays empty
            Clicks clicks = new Clicks(db, 0);
            assertThatThrownBy(() -> {
                        for (int i = 0; i < 5000; i++) {
                            clicks.put(new Click("c" + i, "2015-06-15T10:00"));
                        }
                    })
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
            db.retryPolicy(RetryPolicy.none());
            assertThatThrownBy(() -> clicks.put(new Click("x", "2015-06-15T10:00")))
                    .isInstanceOf(ProvisionedThroughputExceededException.class);
        }
    }

    @Test
    void batch_writes_resend_unprocessed_items_after_backoff() {
        VirtualTime time = new VirtualTime();
        try (Partita db = throttled(time)) {
            db.retryPolicy(RetryPolicy.defaults()
                    .withMaxAttempts(100)
                    .withDelays(Duration.ofMillis(10), Duration.ofMillis(500))
                    .withSleeper(time));
            Clicks clicks = new Clicks(db, 0);
            db.batchWrite(batch -> {
                for (int i = 0; i < 2500; i++) {
                    batch.put(clicks, new Click("c" + i, "2015-06-15T10:00"));
                }
            });
            assertThat(time.sleeps.get()).isGreaterThan(0);
            assertThat(time.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(1400));
            List<Key<?>> keys = new ArrayList<>();
            for (int i = 0; i < 2500; i += 25) {
                keys.add(clicks.keyOf(new Click("c" + i, "2015-06-15T10:00")));
            }
            assertThat(db.batchGet(keys).size()).isEqualTo(100);
        }
    }
}
