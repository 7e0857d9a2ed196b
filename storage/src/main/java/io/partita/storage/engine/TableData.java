package io.partita.storage.engine;

import io.partita.storage.Message;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One live table: its items, its index entries, and the locks and counters that keep them in step.
 *
 * <p>Locking: a write takes the stripe lock of the item's partition key, and nothing else. Base item, LSI
 * entries and (in SYNC mode) GSI entries change together under the stripe lock, so a write is atomic with
 * respect to every other write of the same item. Schema changes (GSI creation with its backfill, GSI
 * deletion, time-to-live changes, dropping a durable table) and the invariant checker hold off every write by
 * taking all stripe locks in index order ({@link #lockWrites}): the one global order {@link Transactions} also
 * follows, so they cannot deadlock. There is no table-wide lock on the write path: a shared read-write lock
 * taken per write made every write of every thread CAS one word (and write its reader bookkeeping), a cache
 * line the cores then passed back and forth. Readers take no locks: they see each stored item either before or
 * after a write, never half of it.
 */
final class TableData {
    private static final int STRIPES = 1024;

    final long id;
    final TableShape shape;
    volatile TableDefinition definition;
    final EntryMap items;
    /** The table's on-disk side in durable mode; null in memory. */
    final DiskTable disk;

    final IndexData[] lsis;
    volatile IndexData[] gsis;
    /** GSIs added by UpdateTable whose backfill has not finished, by name (guarded by itself). */
    private final Map<String, GlobalSecondaryIndex> creating = new LinkedHashMap<>();
    /**
     * Held by the running GSI backfill ({@link GsiCreation}): a table backfills one index at a time, the next waits
     * (the durable catalogue records one backfill to restart).
     */
    final ReentrantLock backfillTurn = new ReentrantLock();

    final Tally itemCount = new Tally();
    final Tally itemBytes = new Tally();
    /** Items time to live has deleted since the core was opened (DynamoDB's TimeToLiveDeletedItemCount). */
    final Tally timeToLiveDeleted = new Tally();
    /** Item-collection sizes by partition key value; kept only for tables with LSIs. */
    final ConcurrentHashMap<AttributeValue, AtomicLong> collectionSizes;

    /**
     * The attribute names of the last item copied in with a new layout ({@link ItemMap#layout()}): later items with
     * the same names in the same order are copied into it and share its name arrays. A plain field: any layout is a
     * correct template (a layout's fields are final), so a racy read is harmless.
     */
    ItemMap.Layout itemNames;

    /**
     * The table's enabled stream, which every write appends its record to; null when the stream is disabled (the
     * write path then does nothing more than read this field). Changed only with every stripe lock held.
     */
    volatile StreamData stream;
    /** The table's latest stream, enabled or not (DescribeTable's LatestStreamArn); null if it never had one. */
    volatile StreamData latestStream;

    /**
     * Set by DeleteTable while it holds every stripe lock: a write that looked the table up before the delete and
     * then waited for its stripe finds it set and fails as a write to a missing table, instead of landing in
     * storage that is being dropped (in durable mode: keys of a deleted table that nothing would reclaim).
     */
    private volatile boolean dropped;

    /**
     * ASYNC GSI writes not applied yet ({@link IndexPropagation}); created by the first one, so a table in SYNC mode
     * (the default) never has one.
     */
    private volatile ConcurrentLinkedQueue<PendingGsiWrite> pendingGsiWrites;
    /**
     * The stripe locks, each created when first taken ({@link #stripe}): a new table does not construct 1,024 locks
     * up front (≈1 ms in a fresh JVM, whose interpreter runs the constructors, for a table that may see a few
     * writes). Written only under the array's monitor; read without it, which is safe because a {@code
     * ReentrantLock} is immutable apart from its final, volatile-state synchronizer: a thread sees null (and takes
     * the monitor) or a fully constructed lock, and the monitor makes every thread agree on one lock per stripe.
     */
    private final Stripe[] stripes = new Stripe[STRIPES];

    TableData(long id, TableDefinition definition, TableShape shape, IndexData[] lsis, IndexData[] gsis) {
        this(id, definition, shape, new PartitionedMap(), lsis, gsis, null);
    }

    TableData(
            long id,
            TableDefinition definition,
            TableShape shape,
            EntryMap items,
            IndexData[] lsis,
            IndexData[] gsis,
            DiskTable disk) {
        this.id = id;
        this.items = items;
        this.disk = disk;
        this.definition = definition;
        this.shape = shape;
        this.lsis = lsis;
        this.gsis = gsis;
        this.collectionSizes = lsis.length > 0 && disk == null ? new ConcurrentHashMap<>() : null;
    }

    /** The queue of pending ASYNC GSI writes, created on the first call. */
    ConcurrentLinkedQueue<PendingGsiWrite> pendingGsiWrites() {
        ConcurrentLinkedQueue<PendingGsiWrite> q = pendingGsiWrites;
        if (q == null) {
            synchronized (this) {
                q = pendingGsiWrites;
                if (q == null) {
                    q = new ConcurrentLinkedQueue<>();
                    pendingGsiWrites = q;
                }
            }
        }
        return q;
    }

    /** The queue of pending ASYNC GSI writes, or null when there has never been one. */
    ConcurrentLinkedQueue<PendingGsiWrite> pendingGsiWritesIfAny() {
        return pendingGsiWrites;
    }

    int stripeOf(OrderKey itemKey) {
        return itemKey.hash() & (STRIPES - 1);
    }

    Stripe stripe(int index) {
        Stripe s = stripes[index];
        return s != null ? s : createStripe(index);
    }

    private Stripe createStripe(int index) {
        synchronized (stripes) {
            Stripe s = stripes[index];
            if (s == null) {
                s = new Stripe();
                stripes[index] = s;
            }
            return s;
        }
    }

    /**
     * The key scratch of {@code itemKey}'s stripe when the calling thread holds that stripe's lock (every write
     * applies its changes under it), else null: the lock is what keeps one thread at a time on a scratch.
     */
    KeyCodec.Scratch scratchOf(OrderKey itemKey) {
        Stripe s = stripes[stripeOf(itemKey)];
        return s != null && s.isHeldByCurrentThread() ? s.scratch() : null;
    }

    /** A stripe's lock, and the key scratch its holder uses to find index entries ({@link KeyCodec.Scratch}). */
    @SuppressWarnings("serial") // a lock of the engine's, never serialized
    static final class Stripe extends ReentrantLock {
        private KeyCodec.Scratch scratch;
        /** The mutation a write that keeps none past the lock plans into ({@link ItemWrites#putItem}); null in use. */
        private Mutation spare;

        /** The spare mutation, now the caller's until {@link #giveBack}; null when a write of this thread holds it. */
        Mutation takeSpare() {
            Mutation m = spare;
            if (m == null) {
                return null;
            }
            spare = null;
            return m;
        }

        void giveBack(Mutation m) {
            spare = m;
        }

        /** A new stripe, with its spare mutation. */
        Stripe() {
            spare = Mutation.blank();
        }

        KeyCodec.Scratch scratch() {
            KeyCodec.Scratch s = scratch;
            if (s == null) {
                s = new KeyCodec.Scratch();
                scratch = s;
            }
            return s;
        }
    }

    /**
     * Holds off every write of the table (and waits for those in flight): takes all stripe locks in index order.
     * Reentrant, like the stripes; release with {@link #unlockWrites}.
     */
    void lockWrites() {
        for (int i = 0; i < STRIPES; i++) {
            stripe(i).lock();
        }
    }

    /** Marks the table deleted; the caller holds every stripe lock ({@link #lockWrites}). */
    void markDropped() {
        dropped = true;
    }

    /** Whether the table was deleted; read with a stripe lock held to be sure of it. */
    boolean isDropped() {
        return dropped;
    }

    /** Fails a write that took its stripe lock after the table was deleted; call with the stripe lock held. */
    void checkNotDropped() {
        if (dropped) {
            throw Failures.resourceNotFound(Message.TableNotFound.format(shape.name));
        }
    }

    void unlockWrites() {
        for (int i = STRIPES - 1; i >= 0; i--) {
            stripes[i].unlock(); // each was created by lockWrites
        }
    }

    /** Marks a GSI as being created (UpdateTable): described as CREATING, not readable until backfilled. */
    void startCreating(GlobalSecondaryIndex index) {
        synchronized (creating) {
            creating.put(index.name(), index);
        }
    }

    /** The GSI's creation ended (installed in {@link #gsis}, or abandoned); a later creation of the name stays. */
    void doneCreating(GlobalSecondaryIndex index) {
        synchronized (creating) {
            if (creating.get(index.name()) == index) {
                creating.remove(index.name());
            }
        }
    }

    /** Drops a GSI being created (deleted before its backfill ran); false when none of that name is. */
    boolean cancelCreating(String name) {
        synchronized (creating) {
            return creating.remove(name) != null;
        }
    }

    /** Whether this very creation (not a later one of the same name) is still wanted. */
    boolean isCreating(GlobalSecondaryIndex index) {
        synchronized (creating) {
            return creating.get(index.name()) == index;
        }
    }

    /** The GSIs being created, in the order they were asked for. */
    List<GlobalSecondaryIndex> creatingGsis() {
        synchronized (creating) {
            return List.copyOf(creating.values());
        }
    }

    boolean isCreating(String name) {
        synchronized (creating) {
            return creating.containsKey(name);
        }
    }

    IndexData gsi(String name) {
        for (IndexData g : gsis) {
            if (g.shape.name.equals(name)) {
                return g;
            }
        }
        return null;
    }

    IndexData lsi(String name) {
        for (IndexData l : lsis) {
            if (l.shape.name.equals(name)) {
                return l;
            }
        }
        return null;
    }

    List<IndexData> allIndexes() {
        IndexData[] g = gsis;
        IndexData[] all = Arrays.copyOf(lsis, lsis.length + g.length);
        System.arraycopy(g, 0, all, lsis.length, g.length);
        return List.of(all);
    }

    long collectionSize(AttributeValue partitionKey) {
        if (disk != null) {
            return disk.collectionSize(partitionKey);
        }
        AtomicLong size = collectionSizes.get(partitionKey);
        return size == null ? 0 : size.get();
    }

    /** Adds {@code delta} bytes to an item collection's size (in memory), dropping it at zero. */
    void addToCollection(AttributeValue partitionValue, int delta) {
        AtomicLong size = collectionSizes.get(partitionValue);
        if (size == null) { // a new collection: putIfAbsent reserves no bin as computeIfAbsent does
            AtomicLong fresh = new AtomicLong();
            AtomicLong raced = collectionSizes.putIfAbsent(partitionValue, fresh);
            size = raced != null ? raced : fresh;
        }
        if (size.addAndGet(delta) == 0) {
            collectionSizes.remove(partitionValue, size);
        }
    }

    /** A GSI update waiting for its due time (ASYNC propagation). Queued in write order per item. */
    record PendingGsiWrite(long dueMillis, IndexData gsi, OrderKey oldKey, OrderKey newKey, Stored newEntry) {}
}
