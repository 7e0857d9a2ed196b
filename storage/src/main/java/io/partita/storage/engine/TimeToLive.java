package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.StorageOptions;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * Time to live: deletes the items of tables with TTL enabled whose TTL attribute, a Number of epoch seconds, is
 * earlier than now (DynamoDB's rule: "less than the current time"; a value more than five years in the past is
 * ignored, as DynamoDB ignores it; a missing or non-Number attribute never expires).
 *
 * <p>A sweep reads each such table in scan order and deletes what it finds expired through the one write path's
 * pieces ({@link Mutation#plan}, {@link Mutation#apply}): under the item's stripe lock, after reading the item
 * again, so an item written anew since the scan saw it is deleted only if it is still expired (a conditional
 * delete). Every LSI and GSI entry goes with the item (ASYNC GSIs on their usual delay). These are system deletes:
 * they consume no capacity, are never throttled, and are counted per table ({@link TableData#timeToLiveDeleted}).
 * Until a sweep deletes it, an expired item is read, queried and scanned like any other, as in DynamoDB.
 *
 * <p>Sweeps run on one daemon thread per core, every {@link StorageOptions#timeToLiveSweepInterval()} once a table
 * has TTL enabled (none with {@link Duration#ZERO}), but never more than a fifth of the time (the pause after a
 * sweep is at least four times its duration), and on demand ({@code Storage.expireItems()}). {@link #close} stops
 * the thread and waits for a running sweep before the store closes.
 */
final class TimeToLive {
    /** DynamoDB ignores TTL values more than five years in the past (5 × 365 days, in seconds). */
    static final long FIVE_YEARS_SECONDS = 5L * 365 * 24 * 3600;

    private static final int BATCH = 1000;

    private final Catalog catalog;
    private final StorageOptions options;
    private final IndexPropagation propagation;
    private final Object sweepLock = new Object();
    private ScheduledExecutorService sweeper;
    /** The next background sweep (its exceptions are caught inside, so the future only ends by cancellation). */
    private ScheduledFuture<?> schedule;

    private volatile boolean closed;

    TimeToLive(Catalog catalog, StorageOptions options, IndexPropagation propagation) {
        this.catalog = catalog;
        this.options = options;
        this.propagation = propagation;
        // a loop, not a stream with a lambda: this runs at every engine start, where the stream pipeline's
        // classes and the lambda's bootstrap were most of the start's cost
        Collection<TableData> tables = catalog.tables();
        if (!tables.isEmpty()) { // an in-memory core starts empty: no iterator classes to load
            for (TableData t : tables) {
                if (t.definition.timeToLiveAttribute() != null) {
                    started();
                    break;
                }
            }
        }
    }

    /** Validates an attribute name for UpdateTimeToLive or a definition: 1 to 255 characters. */
    static void checkAttributeName(String name) {
        if (name.isEmpty() || name.length() > 255) {
            throw Message.TimeToLiveAttributeNameLength.exception(name);
        }
    }

    /** A table has TTL enabled: start the background thread if it runs and is not running yet. */
    synchronized void started() {
        Duration interval = options.timeToLiveSweepInterval();
        if (sweeper != null || closed || interval.isZero()) {
            return;
        }
        sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "partita-ttl-sweeper");
            t.setDaemon(true);
            return t;
        });
        schedule = sweeper.schedule(this::backgroundSweep, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * One background sweep, then the next one scheduled after the interval, or after four times this sweep's
     * duration when that is longer: on a large table the sweeper keeps to about a fifth of one core.
     */
    private void backgroundSweep() {
        long start = System.nanoTime();
        try {
            sweep();
        } catch (IllegalStateException closedMeanwhile) {
            return; // the core is closing: no next run
        } catch (RuntimeException e) {
            Log.LOG.log(System.Logger.Level.WARNING, "time-to-live sweep failed; retried at the next interval", e);
        }
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        long delay = Math.max(options.timeToLiveSweepInterval().toMillis(), 4 * tookMillis);
        synchronized (this) {
            if (!closed && sweeper != null) {
                schedule = sweeper.schedule(this::backgroundSweep, delay, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** One sweep of every table with TTL enabled; returns the number of items deleted. */
    long sweep() {
        synchronized (sweepLock) {
            long deleted = 0;
            for (TableData t : List.copyOf(catalog.tables())) {
                String attribute = t.definition.timeToLiveAttribute();
                if (attribute != null && !closed) {
                    deleted += sweep(t, attribute, now());
                }
            }
            return deleted;
        }
    }

    private BigDecimal now() {
        return BigDecimal.valueOf(options.clock().millis(), 3);
    }

    private long sweep(TableData t, String attribute, BigDecimal now) {
        long deleted = 0;
        List<OrderKey> expired = new ArrayList<>();
        for (Map.Entry<OrderKey, Stored> e : t.items.all()) {
            if (closed || !catalog.isLive(t)) {
                return deleted;
            }
            if (expired(e.getValue().item(), attribute, now)) {
                expired.add(e.getKey());
                if (expired.size() == BATCH) {
                    deleted += delete(t, expired, attribute, now);
                    expired.clear();
                }
            }
        }
        return deleted + delete(t, expired, attribute, now);
    }

    private long delete(TableData t, List<OrderKey> keys, String attribute, BigDecimal now) {
        long deleted = 0;
        for (OrderKey k : keys) {
            if (closed) {
                break;
            }
            if (deleteIfExpired(t, k, attribute, now)) {
                deleted++;
            }
        }
        return deleted;
    }

    /**
     * Deletes the item under {@code key} if, read again under its lock, it is still expired and TTL is still
     * enabled on {@code attribute}: the conditional delete that never removes an item a writer has just renewed.
     */
    private boolean deleteIfExpired(TableData t, OrderKey key, String attribute, BigDecimal now) {
        Lock stripe = t.stripe(t.stripeOf(key));
        stripe.lock();
        try {
            if (!catalog.isLive(t) || !attribute.equals(t.definition.timeToLiveAttribute())) {
                return false;
            }
            Stored before = t.items.get(key);
            if (before == null || !expired(before.item(), attribute, now)) {
                return false;
            }
            Mutation m = Mutation.plan(t, key, before, null, options);
            m.byTimeToLive();
            m.apply(propagation, options.clock().millis());
            t.timeToLiveDeleted.increment();
            return true;
        } finally {
            stripe.unlock();
        }
    }

    /** DynamoDB's expiry rule for one item at {@code now} (epoch seconds). */
    static boolean expired(Map<String, AttributeValue> item, String attribute, BigDecimal now) {
        if (!(item.get(attribute) instanceof AttributeValue.N n)) {
            return false;
        }
        BigDecimal at = n.value();
        return at.compareTo(now) < 0 && at.compareTo(now.subtract(BigDecimal.valueOf(FIVE_YEARS_SECONDS))) >= 0;
    }

    /** Stops the background thread and waits for a running sweep, so nothing touches a closed store. */
    void close() {
        ScheduledExecutorService s;
        synchronized (this) {
            closed = true;
            s = sweeper;
            sweeper = null;
            if (schedule != null) {
                schedule.cancel(false);
            }
        }
        if (s == null) {
            return;
        }
        s.shutdownNow();
        try {
            if (!s.awaitTermination(30, TimeUnit.SECONDS)) {
                Log.LOG.log(System.Logger.Level.WARNING, "time-to-live sweep still running after 30 s at close");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The logger, created on the first warning: {@code System.getLogger} at class initialization loads the JDK's
     * logging back end (≈150 classes, a service lookup) on every engine's start, before anything is logged.
     */
    private static final class Log {
        static final System.Logger LOG = System.getLogger("io.partita.storage.ttl");
    }
}
