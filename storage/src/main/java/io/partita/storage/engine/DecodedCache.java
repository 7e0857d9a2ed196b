package io.partita.storage.engine;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Items and index entries of the durable store as decoded from their bytes, on the heap and bounded, so that a read
 * of a cached entry is a hash lookup: no RocksDB call and no decoding. Entries are the immutable {@link Stored}
 * values the engine hands out, so a cached item is returned to every reader as the in-memory core returns its own.
 *
 * <p><b>Never stale.</b> Every write of an entry goes through {@link #beginWrite} before its batch is committed and
 * {@link #endWrite} after (committed or dropped). Both remove the key's entry and move the version of the key's
 * stripe (and the global version) under the stripe's lock; while a write is in flight its stripe takes no entries,
 * so until it ends every read of the key goes to RocksDB. A reader that missed takes a stamp (the stripe's version
 * for a point read, the global version for a range read) before it reads RocksDB, and {@link #offer} inserts what it
 * decoded only when, under the stripe's lock, the stamp is unchanged and no write is in flight: then no write of the
 * key began or ended between the reader's RocksDB read and the insert, and the decoded bytes are the committed
 * value. A write that ends alone in its stripe (no other write began or ended there meanwhile) leaves its own
 * committed value in the cache instead of a hole. Range deletions (a dropped table or index) hold every stripe.
 *
 * <p><b>Cached partitions.</b> A Query's partition is cached whole as a {@link PartitionRun} (its entries in key
 * order), so a query of a cached partition is a binary search: no RocksDB iterator. A run is keyed by its space's
 * {@link #runSpace} and the partition's key, and lives in the same stripes under the same rules: every write of an
 * entry also moves the version of its partition's stripe and drops the run, before its batch is committed and
 * after ({@code writing} counted there too); a load stamps the partition's stripe before it opens its iterator and
 * {@link #offerRun} inserts it only when that version is unchanged and no write is in flight, so a run never
 * misses a committed write nor holds a replaced one.
 *
 * <p><b>Bounded.</b> The capacity is split evenly over the stripes; each evicts in insertion order with a second
 * chance for entries read since they were inserted (CLOCK). An entry weighs an estimate of its heap:
 * {@link #weight}; a run weighs {@link PartitionRun#weight} (its entries counted in full even when the item cache
 * holds them too: one budget, never exceeded).
 */
final class DecodedCache {
    private static final int STRIPES = 64;
    /** A node, its key objects and the decoded item's fixed parts. */
    private static final int ENTRY_BASE = 160;
    /** Heap per encoded byte of a decoded item: each attribute's value object and its string or array. */
    private static final int PER_ENCODED_BYTE = 3;

    private final boolean enabled;
    private final long stripeCapacity;
    private final ConcurrentHashMap<Key, Node> map;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final AtomicLong version = new AtomicLong();
    private final AtomicInteger rangeWrites = new AtomicInteger();

    DecodedCache(long capacityBytes) {
        this.enabled = capacityBytes > 0;
        this.stripeCapacity = capacityBytes / STRIPES;
        this.map = new ConcurrentHashMap<>(enabled ? 1024 : 1);
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** A cached entry's key: its space (a table's items or an index's entries) and its order key. */
    record Key(long space, OrderKey key) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.space == space && k.key.equals(key);
        }

        @Override
        public int hashCode() {
            return key.hashCode() * 31 + Long.hashCode(space);
        }
    }

    /**
     * A cached entry: its key (whose order key a range read hands out again) and its decoded value; or a cached
     * partition (its key in the {@link #runSpace} of its space): the partition's entries in order.
     */
    static final class Node {
        final Key key;
        final Stored value;
        final PartitionRun run;
        final int weight;
        /** Read since inserted or since the clock last passed: survives one more pass. Racy by design. */
        boolean referenced;

        boolean dead;

        Node(Key key, Stored value, int weight) {
            this(key, value, null, weight);
        }

        Node(Key key, Stored value, PartitionRun run, int weight) {
            this.key = key;
            this.value = value;
            this.run = run;
            this.weight = weight;
        }
    }

    /** One stripe's state, guarded by the stripe itself. */
    private static final class Stripe {
        volatile long version;
        int writing;
        long bytes;
        int dead;
        final ArrayDeque<Node> clock = new ArrayDeque<>();
    }

    /** The estimated heap of a decoded entry whose key and value encode to these lengths. */
    static int weight(int keyLength, int encodedLength) {
        return ENTRY_BASE + 2 * keyLength + PER_ENCODED_BYTE * encodedLength;
    }

    boolean enabled() {
        return enabled;
    }

    /** The heaviest entry or run a stripe takes. */
    long maxWeight() {
        return stripeCapacity;
    }

    /**
     * The key space of a space's cached partitions: apart from its entries' (a table without a sort key has entries
     * whose order key is their partition's key).
     */
    static long runSpace(long space) {
        return space ^ Long.MIN_VALUE;
    }

    private Stripe stripe(Key k) {
        int h = k.hashCode();
        return stripes[(h ^ (h >>> 16)) & (STRIPES - 1)];
    }

    /** The cached entry, or null. */
    Stored get(long space, OrderKey key) {
        if (!enabled) {
            return null;
        }
        Node n = map.get(new Key(space, key));
        if (n == null) {
            return null;
        }
        if (!n.referenced) {
            n.referenced = true;
        }
        return n.value;
    }

    /**
     * The cached entry whose key {@code probe} holds (its bytes in a reader's buffer), or null: a range read's
     * lookup before it copies anything out of RocksDB.
     */
    @SuppressWarnings("CollectionIncompatibleType") // a Probe equals the Key of its bytes and hashes as it does
    Node find(Probe probe) {
        if (!enabled) {
            return null;
        }
        Node n = map.get(probe);
        if (n != null && !n.referenced) {
            n.referenced = true;
        }
        return n;
    }

    /**
     * A lookup key over order-key bytes held in a reusable buffer, equal to the {@link Key} of the same space and
     * bytes and hashing as it does, so that a lookup copies nothing. Mutable: one per reader, set per lookup, never
     * stored in the map.
     */
    static final class Probe {
        private final long space;
        private byte[] buffer;
        private int from;
        private int to;
        private int hash;

        Probe(long space) {
            this.space = space;
        }

        /** Points the probe at the order key {@code buffer[from, to)}. */
        Probe set(byte[] buffer, int from, int to) {
            this.buffer = buffer;
            this.from = from;
            this.to = to;
            int h = 1; // Arrays.hashCode of the range: OrderKey's hash
            for (int i = from; i < to; i++) {
                h = 31 * h + buffer[i];
            }
            this.hash = h * 31 + Long.hashCode(space);
            return this;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && k.space == space
                    && Arrays.equals(k.key.bytes, 0, k.key.bytes.length, buffer, from, to);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A point read's stamp, taken before it reads RocksDB. */
    long pointStamp(long space, OrderKey key) {
        return enabled ? stripe(new Key(space, key)).version : 0;
    }

    /** A range read's stamp, taken before it reads a chunk of RocksDB. */
    long rangeStamp() {
        return version.get();
    }

    /** The cached run of a partition ({@code partition}: its key alone), or null. */
    PartitionRun run(long space, OrderKey partition) {
        if (!enabled) {
            return null;
        }
        Node n = map.get(new Key(runSpace(space), partition));
        if (n == null) {
            return null;
        }
        if (!n.referenced) {
            n.referenced = true;
        }
        return n.run;
    }

    /** A partition load's stamp, taken before it reads RocksDB: the partition's stripe version. */
    long runStamp(long space, OrderKey partition) {
        return enabled ? stripe(new Key(runSpace(space), partition)).version : 0;
    }

    /**
     * Inserts a partition's run as a load read it, when no write of any entry of the partition began or ended since
     * {@code stamp} was taken (every write of an entry moves its partition's stripe version: {@link #beginWrite}).
     */
    void offerRun(long space, OrderKey partition, PartitionRun run, long stamp) {
        if (!enabled || run.weight > stripeCapacity) {
            return;
        }
        Key k = new Key(runSpace(space), partition);
        Stripe s = stripe(k);
        synchronized (s) {
            if (s.writing != 0 || rangeWrites.get() != 0 || s.version != stamp) {
                return;
            }
            insert(s, new Node(k, null, run, run.weight));
        }
    }

    /** A write of an entry of this partition begins or ends: its run is dropped and loads in flight are refused. */
    private void touchPartition(long space, OrderKey key, int writing) {
        Key k = new Key(runSpace(space), key.partition());
        Stripe s = stripe(k);
        synchronized (s) {
            s.writing += writing;
            s.version = s.version + 1;
            version.incrementAndGet();
            remove(s, k);
        }
    }

    /**
     * Inserts what a reader decoded, when no write of the key began or ended since {@code stamp} was taken
     * ({@code point}: from {@link #pointStamp}, else from {@link #rangeStamp}).
     */
    void offer(long space, OrderKey key, Stored value, int encodedLength, long stamp, boolean point) {
        if (!enabled) {
            return;
        }
        int weight = weight(key.bytes.length, encodedLength);
        if (weight > stripeCapacity) {
            return;
        }
        Key k = new Key(space, key);
        Stripe s = stripe(k);
        synchronized (s) {
            if (s.writing != 0 || rangeWrites.get() != 0 || (point ? s.version : version.get()) != stamp) {
                return;
            }
            insert(s, new Node(k, value, weight));
        }
    }

    /**
     * Whether an entry of this key and encoded length, decoded now, would be worth caching: the cache is on, the
     * entry fits a stripe, and its stripe has room for it or the entry its clock would evict first is cold (not read
     * since the clock last passed it). When the stripe is full of entries read since then (hotter than a new one),
     * a read that needs only some attributes decodes only those and offers nothing ({@link ProjectedDecode}).
     * Advisory: {@link #offer} still decides under its own rules.
     */
    boolean admits(long space, OrderKey key, int encodedLength) {
        return enabled && admits(stripe(new Key(space, key)), weight(key.bytes.length, encodedLength));
    }

    /** As {@link #admits(long, OrderKey, int)} for a partition's run of this weight. */
    boolean admitsRun(long space, OrderKey partition, long weight) {
        return enabled && admits(stripe(new Key(runSpace(space), partition)), weight);
    }

    private boolean admits(Stripe s, long weight) {
        if (weight > stripeCapacity) {
            return false;
        }
        synchronized (s) {
            if (s.bytes + weight <= stripeCapacity) {
                return true;
            }
            Node first = s.clock.peekFirst();
            return first == null || first.dead || !first.referenced;
        }
    }

    /** A write of this entry is about to be staged; returns the token {@link #endWrite} takes. */
    long beginWrite(long space, OrderKey key) {
        if (!enabled) {
            return 0;
        }
        touchPartition(space, key, 1);
        Key k = new Key(space, key);
        Stripe s = stripe(k);
        synchronized (s) {
            s.writing++;
            long v = s.version + 1;
            s.version = v;
            version.incrementAndGet();
            remove(s, k);
            return v;
        }
    }

    /**
     * The write {@link #beginWrite} announced is committed ({@code committed}, {@code value} being what it wrote,
     * null for a delete) or dropped; {@code token} is what {@code beginWrite} returned.
     */
    void endWrite(long space, OrderKey key, long token, boolean committed, Stored value, int encodedLength) {
        if (!enabled) {
            return;
        }
        Key k = new Key(space, key);
        Stripe s = stripe(k);
        synchronized (s) {
            boolean alone = s.writing == 1 && s.version == token && rangeWrites.get() == 0;
            s.writing--;
            s.version = s.version + 1;
            version.incrementAndGet();
            remove(s, k);
            if (alone && committed && value != null) {
                int weight = weight(key.bytes.length, encodedLength);
                if (weight <= stripeCapacity) {
                    insert(s, new Node(k, value, weight));
                }
            }
        }
        touchPartition(space, key, -1);
    }

    /** A range deletion of a whole space (a dropped table or index) is about to be staged. */
    void beginRangeWrite(long space) {
        if (!enabled) {
            return;
        }
        rangeWrites.incrementAndGet();
        bumpAll();
        removeSpace(space);
    }

    /** The range deletion {@link #beginRangeWrite} announced is committed or dropped. */
    void endRangeWrite(long space) {
        if (!enabled) {
            return;
        }
        removeSpace(space);
        bumpAll();
        rangeWrites.decrementAndGet();
    }

    private void bumpAll() {
        for (Stripe s : stripes) {
            synchronized (s) {
                s.version = s.version + 1;
                version.incrementAndGet();
            }
        }
    }

    private void removeSpace(long space) {
        long runs = runSpace(space);
        for (Key k : map.keySet()) {
            if (k.space == space || k.space == runs) {
                Stripe s = stripe(k);
                synchronized (s) {
                    remove(s, k);
                }
            }
        }
    }

    /** The number of cached entries and their estimated bytes (tests and measurements). */
    long[] size() {
        long bytes = 0;
        for (Stripe s : stripes) {
            synchronized (s) {
                bytes += s.bytes;
            }
        }
        return new long[] {map.size(), bytes};
    }

    private void insert(Stripe s, Node n) {
        Node old = map.put(n.key, n);
        if (old != null) {
            kill(s, old);
        }
        s.clock.addLast(n);
        s.bytes += n.weight;
        while (s.bytes > stripeCapacity) {
            Node victim = s.clock.pollFirst();
            if (victim.dead) {
                s.dead--;
            } else if (victim.referenced) {
                victim.referenced = false;
                s.clock.addLast(victim);
            } else {
                map.remove(victim.key, victim);
                s.bytes -= victim.weight;
            }
        }
    }

    private void remove(Stripe s, Key k) {
        Node old = map.remove(k);
        if (old != null) {
            kill(s, old);
        }
    }

    /** Takes a node out of the stripe's accounting; the clock drops it when it reaches it, or when dead ones pile up. */
    private void kill(Stripe s, Node n) {
        n.dead = true;
        s.bytes -= n.weight;
        if (++s.dead > 64 && s.dead > s.clock.size() / 2) {
            s.clock.removeIf(x -> x.dead);
            s.dead = 0;
        }
    }
}
