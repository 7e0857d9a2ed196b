package io.partita.storage.conformance;

import static io.partita.storage.conformance.Fx.get;
import static io.partita.storage.conformance.Fx.item;
import static io.partita.storage.conformance.Fx.put;
import static io.partita.storage.conformance.Fx.queryItems;
import static io.partita.storage.conformance.Fx.scanAll;
import static io.partita.storage.conformance.Fx.vals;
import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.SweepSignallingClock;
import io.partita.storage.TestStorage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TimeToLiveStatus;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Time to live (DynamoDB developer guide, "Time to Live"; API reference UpdateTimeToLive/DescribeTimeToLive): an
 * item whose TTL attribute, a Number of epoch seconds, is less than the current time is deleted in the background,
 * with its LSI and GSI entries, as a system delete; until then it is read like any other item; a missing or
 * non-Number attribute never expires. The sweep runs on demand here ({@code expireItems}) against a clock the test
 * moves, on the in-memory and (with {@code -Dpartita.storage=durable}) the durable core.
 */
class TimeToLiveConformanceTest {
    static final String T = "Sessions";
    static final String TTL = "ExpiresAt";

    private final Fx.MutableClock clock = new Fx.MutableClock();
    private Storage db;

    /** Sessions (UserId, SessionId), LSI ByStarted (Started N), GSI ByDevice (Device), TTL on ExpiresAt. */
    static TableDefinition sessions() {
        return TableDefinition.builder(T)
                .partitionKey(KeyAttribute.s("UserId"))
                .sortKey(KeyAttribute.s("SessionId"))
                .localSecondaryIndex("ByStarted", KeyAttribute.n("Started"), Projection.all())
                .globalSecondaryIndex(
                        GlobalSecondaryIndex.of("ByDevice", KeyAttribute.s("Device"), null, Projection.keysOnly()))
                .timeToLive(TTL)
                .build();
    }

    @BeforeEach
    void open() {
        db = TestStorage.create(StorageOptions.defaults().withClock(clock).withTimeToLiveSweepInterval(Duration.ZERO));
        db.createTable(sessions());
    }

    @AfterEach
    void close() {
        db.checkInvariants();
        db.close();
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    private static Map<String, AttributeValue> session(String user, String id, AttributeValue expiresAt) {
        Map<String, AttributeValue> m = item("UserId", s(user), "SessionId", s(id), "Started", n(1), "Device", s("d1"));
        if (expiresAt != null) {
            m.put(TTL, expiresAt);
        }
        return m;
    }

    private Map<String, AttributeValue> getSession(String user, String id) {
        return get(db, T, vals("UserId", s(user), "SessionId", s(id)));
    }

    @Test
    @DisplayName("CreateTable with a TTL attribute enables TTL on it; DescribeTimeToLive and DescribeTable report it")
    void createTableEnablesTimeToLive() {
        assertThat(db.describeTimeToLive(T)).isEqualTo(TimeToLiveDescription.enabled(TTL));
        assertThat(db.describeTable(T).definition().timeToLive()).contains(TTL);
        db.createTable(TableDefinition.builder("Plain")
                .partitionKey(KeyAttribute.s("Id"))
                .build());
        assertThat(db.describeTimeToLive("Plain").status()).isEqualTo(TimeToLiveStatus.DISABLED);
        assertThat(db.describeTimeToLive("Plain").attribute()).isEmpty();
    }

    @Test
    @DisplayName(
            "An expired item is still returned by GetItem, Query and Scan (and its indexes) until a sweep deletes it")
    void expiredButNotDeletedIsStillVisible() {
        put(db, T, session("u1", "s1", n(now() - 10)));
        assertThat(getSession("u1", "s1")).isNotNull();
        assertThat(queryItems(db, T, null, "UserId = :u", vals(":u", s("u1")))).hasSize(1);
        assertThat(scanAll(db, T, "ByDevice")).hasSize(1);
        assertThat(scanAll(db, T, "ByStarted")).hasSize(1);
        assertThat(db.timeToLiveDeletedItemCount(T)).isZero();
    }

    @Test
    @DisplayName("A sweep deletes expired items with every LSI and GSI entry, counted as system deletes")
    void sweepDeletesExpiredItemsAndTheirIndexEntries() {
        put(db, T, session("u1", "old", n(now() - 10)));
        put(db, T, session("u1", "new", n(now() + 3600)));
        put(db, T, session("u2", "old", n(BigDecimal.valueOf(now()).subtract(new BigDecimal("0.5")))));

        assertThat(db.expireItems()).isEqualTo(2);

        assertThat(getSession("u1", "old")).isNull();
        assertThat(getSession("u2", "old")).isNull();
        assertThat(getSession("u1", "new")).isNotNull();
        assertThat(scanAll(db, T, "ByDevice")).hasSize(1);
        assertThat(scanAll(db, T, "ByStarted")).hasSize(1);
        assertThat(db.describeTable(T).itemCount()).isEqualTo(1);
        assertThat(db.timeToLiveDeletedItemCount(T)).isEqualTo(2);
        db.checkInvariants();

        clock.advance(Duration.ofHours(2));
        assertThat(db.expireItems()).isEqualTo(1);
        assertThat(scanAll(db, T)).isEmpty();
        assertThat(scanAll(db, T, "ByDevice")).isEmpty();
        assertThat(db.timeToLiveDeletedItemCount(T)).isEqualTo(3);
    }

    @Test
    @DisplayName("Expired means less than the current time: a TTL equal to now is not yet expired")
    void expiryIsStrictlyBeforeNow() {
        put(db, T, session("u1", "s1", n(now())));
        assertThat(db.expireItems()).isZero();
        clock.advance(Duration.ofMillis(1));
        assertThat(db.expireItems()).isEqualTo(1);
    }

    @Test
    @DisplayName("A missing, non-Number or over-five-years-old TTL attribute never expires")
    void nonNumberTimeToLiveNeverExpires() {
        put(db, T, session("u1", "missing", null));
        put(db, T, session("u1", "string", s(Long.toString(now() - 10))));
        put(db, T, session("u1", "set", AttributeValue.ns(List.of(BigDecimal.ONE))));
        put(db, T, session("u1", "ancient", n(now() - 6L * 365 * 24 * 3600)));
        put(db, T, session("u1", "millis", n(clock.millis() - 10_000))); // milliseconds: far in the future

        clock.advance(Duration.ofDays(1));
        assertThat(db.expireItems()).isZero();
        assertThat(scanAll(db, T)).hasSize(5);
        assertThat(db.timeToLiveDeletedItemCount(T)).isZero();
    }

    @Test
    @DisplayName("With TTL disabled nothing expires; UpdateTimeToLive follows DynamoDB's rules and errors")
    void updateTimeToLiveRules() {
        put(db, T, session("u1", "s1", n(now() - 10)));
        assertThat(db.updateTimeToLive(T, TimeToLiveSpecification.disable(TTL)))
                .isEqualTo(TimeToLiveSpecification.disable(TTL));
        assertThat(db.describeTimeToLive(T)).isEqualTo(TimeToLiveDescription.disabled());
        assertThat(db.describeTable(T).definition().timeToLive()).isEmpty();
        assertThat(db.expireItems()).isZero();
        assertThat(getSession("u1", "s1")).isNotNull();

        assertThatThrownBy(() -> db.updateTimeToLive(T, TimeToLiveSpecification.disable(TTL)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("TimeToLive is already disabled");
        db.updateTimeToLive(T, TimeToLiveSpecification.enable(TTL));
        assertThatThrownBy(() -> db.updateTimeToLive(T, TimeToLiveSpecification.enable(TTL)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("TimeToLive is already enabled");
        assertThatThrownBy(() -> db.updateTimeToLive(T, TimeToLiveSpecification.enable("Other")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("TimeToLive is active on a different AttributeName: current AttributeName is ExpiresAt");
        assertThatThrownBy(() -> db.updateTimeToLive(T, TimeToLiveSpecification.enable("")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("timeToLiveSpecification.attributeName");
        assertThatThrownBy(() -> db.updateTimeToLive("Missing", TimeToLiveSpecification.enable(TTL)))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> db.describeTimeToLive("Missing")).isInstanceOf(ResourceNotFoundException.class);

        assertThat(db.expireItems()).isEqualTo(1);
        assertThat(getSession("u1", "s1")).isNull();
    }

    @Test
    @DisplayName("A sweep never deletes an item renewed under the same key meanwhile (the delete is conditional)")
    void sweepRacingARenewal() throws Exception {
        int rounds = Integer.getInteger("partita.ttl.race.rounds", 2000);
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong swept = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread sweeper = new Thread(() -> {
            try {
                while (!done.get()) {
                    swept.addAndGet(db.expireItems());
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        sweeper.start();
        long expiredWrites = 0;
        for (int i = 0; i < rounds; i++) {
            put(db, T, session("u1", "s1", n(now() - 1)));
            expiredWrites++;
            put(db, T, session("u1", "s1", n(now() + 3600)));
            assertThat(getSession("u1", "s1").get(TTL)).isEqualTo(n(now() + 3600));
        }
        done.set(true);
        sweeper.join();
        assertThat(failure.get()).isNull();
        assertThat(getSession("u1", "s1")).isNotNull();
        assertThat(swept.get()).isLessThanOrEqualTo(expiredWrites);
        assertThat(db.timeToLiveDeletedItemCount(T)).isEqualTo(swept.get());
    }

    @Test
    @DisplayName("The background thread deletes expired items within the sweep interval")
    void backgroundSweep() throws Exception {
        SweepSignallingClock sweeps = new SweepSignallingClock(clock.instant());
        try (Storage live = TestStorage.create(
                StorageOptions.defaults().withClock(sweeps).withTimeToLiveSweepInterval(Duration.ofMillis(20)))) {
            live.createTable(sessions());
            long nowSeconds = sweeps.instant().getEpochSecond();
            put(live, T, session("u1", "gone", n(nowSeconds - 5)));
            put(live, T, session("u1", "kept", n(nowSeconds + 3600)));
            assertThat(sweeps.awaitBackgroundSweep(Duration.ofSeconds(30)))
                    .as("the background thread swept")
                    .isTrue();
            assertThat(live.expireItems())
                    .as("left over by the background sweep")
                    .isZero();
            assertThat(live.timeToLiveDeletedItemCount(T)).isEqualTo(1);
            assertThat(scanAll(live, T)).hasSize(1);
            assertThat(scanAll(live, T, "ByDevice")).hasSize(1);
            live.checkInvariants();
        }
    }
}
