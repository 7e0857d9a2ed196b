package io.partita.storage.engine;

import io.partita.storage.DurableStorageException;
import io.partita.storage.Message;
import io.partita.storage.api.StreamEventName;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Items;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One stream of a table: its shards (a single lineage: each shard continues its parent, the last is open while the
 * stream is enabled) and its records, in sequence number order. Every change of the table's items is appended
 * under the item's stripe lock ({@link Mutation}), so one item's records are in the order of its changes; the
 * stream's own lock orders records of different items. In memory the records are kept here; in durable mode they
 * are keys of the store ({@link StreamCodec}), written in the change's own batch, and this lock is held until
 * that batch is in the log, so a reader never sees a record while an earlier one is still to come.
 *
 * <p>Sequence numbers: each shard reserves one number when it opens (its starting sequence number, which no record
 * has), and its records take the numbers after it; a closed shard ends at its last record's (or its starting number
 * when it got none).
 */
final class StreamData {
    static final long RETENTION_MILLIS = 24L * 60 * 60 * 1000;

    /** One shard; {@code end} is -1 while the shard is open. */
    record ShardState(int number, String id, String parentId, long start, long end, long openedMillis) {
        boolean isOpen() {
            return end < 0;
        }

        /** The last sequence number this shard can hold now: its end, or (open) the stream's last one. */
        long last(long streamLast) {
            return isOpen() ? streamLast : end;
        }
    }

    /** One record as kept: the change of one item. */
    record Change(
            long seq,
            long millis,
            StreamEventName event,
            boolean timeToLive,
            Map<String, AttributeValue> keys,
            Map<String, AttributeValue> newImage,
            Map<String, AttributeValue> oldImage,
            long size) {}

    final long id;
    final long tableId;
    final String tableName;
    final String arn;
    final String label;
    final StreamViewType viewType;
    final KeyAttribute partitionKey;
    final KeyAttribute sortKey;
    final long createdMillis;
    /** The store in durable mode (records on disk); null in memory. */
    final DiskStore store;

    private final int shardMaxRecords;
    private final long shardMaxMillis;
    private final ReentrantLock lock = new ReentrantLock();

    // ---- guarded by lock ----
    private boolean enabled;
    private long disabledMillis;
    /** Oldest first; immutable, replaced whole. */
    private List<ShardState> shards;

    private long lastSequence;
    /** The highest sequence number trimmed by retention (0: none). */
    private long trimmedThrough;
    /** In memory: the records from {@code head} to {@code tail}, in sequence order. */
    private Change[] log;

    private int head;
    private int tail;

    StreamData(
            long id,
            long tableId,
            String tableName,
            String arn,
            String label,
            StreamViewType viewType,
            KeyAttribute partitionKey,
            KeyAttribute sortKey,
            long createdMillis,
            DiskStore store,
            int shardMaxRecords,
            long shardMaxMillis) {
        this.id = id;
        this.tableId = tableId;
        this.tableName = tableName;
        this.arn = arn;
        this.label = label;
        this.viewType = viewType;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey;
        this.createdMillis = createdMillis;
        this.store = store;
        this.shardMaxRecords = shardMaxRecords;
        this.shardMaxMillis = shardMaxMillis;
        this.log = store == null ? new Change[16] : null;
        this.shards = List.of();
    }

    /** Opens the stream's first shard (a new stream); in durable mode the caller writes the stream's record. */
    void openFirstShard() {
        enabled = true;
        lastSequence = 1;
        shards = List.of(new ShardState(0, shardId(createdMillis, 0), null, 1, -1, createdMillis));
    }

    /** Restores the state of a stream loaded from disk. */
    void restore(boolean enabled, long disabledMillis, List<ShardState> shards, long lastSequence, long trimmed) {
        this.enabled = enabled;
        this.disabledMillis = disabledMillis;
        this.shards = List.copyOf(shards);
        this.lastSequence = lastSequence;
        this.trimmedThrough = trimmed;
    }

    static String shardId(long openedMillis, int number) {
        String millis = Long.toString(openedMillis);
        String hex = Integer.toHexString(number);
        return "shardId-" + "0".repeat(Math.max(0, 20 - millis.length())) + millis + "-"
                + "0".repeat(Math.max(0, 8 - hex.length())) + hex;
    }

    /** A sequence number as DynamoDB writes it: a numeric string, 21 digits, so that text order is number order. */
    static String sequenceText(long seq) {
        String s = Long.toString(seq);
        return "0".repeat(Math.max(0, 21 - s.length())) + s;
    }

    void lock() {
        lock.lock();
    }

    void unlock() {
        lock.unlock();
    }

    // ---- writes --------------------------------------------------------------------------------------------

    /**
     * Appends the record of {@code m} (none when the write changed nothing), under the item's stripe lock: in memory
     * at once; in durable mode into {@code w}, holding this stream's lock until {@code w} is committed or dropped.
     */
    void append(Mutation m, long nowMillis, DiskWrite w) {
        Stored before = m.before;
        Stored after = m.after;
        if (before == null ? after == null : after != null && before.item().equals(after.item())) {
            return; // a delete of a missing item, or a write that left the item as it was
        }
        lock.lock();
        if (w != null) {
            List<ShardState> shardsBefore = shards;
            w.onFinish(lock::unlock, () -> shards = shardsBefore);
        }
        try {
            if (!enabled) {
                return;
            }
            ShardState open = shards.get(shards.size() - 1);
            if (lastSequence > open.start
                    && (lastSequence - open.start >= shardMaxRecords
                            || nowMillis - open.openedMillis >= shardMaxMillis)) {
                rollOver(open, nowMillis);
                if (w != null) {
                    w.put(DiskStore.streamKey(id), StreamCodec.encodeMeta(this));
                }
            }
            Change c = change(m, ++lastSequence, nowMillis);
            if (w != null) {
                w.put(DiskStore.streamRecordKey(id, c.seq()), StreamCodec.encodeRecord(c));
            } else {
                add(c);
                trimMemory(nowMillis);
            }
        } finally {
            if (w == null) {
                lock.unlock();
            }
        }
    }

    private Change change(Mutation m, long seq, long nowMillis) {
        Stored before = m.before;
        Stored after = m.after;
        Map<String, AttributeValue> item = (after != null ? after : before).item();
        Map<String, AttributeValue> keys = m.table.shape.lastEvaluatedKey(item); // compact and immutable
        Map<String, AttributeValue> newImage = viewType.hasNewImage() && after != null ? after.item() : null;
        Map<String, AttributeValue> oldImage = viewType.hasOldImage() && before != null ? before.item() : null;
        long size = (long) Items.size(keys)
                + (newImage == null ? 0 : after.size())
                + (oldImage == null ? 0 : before.size());
        StreamEventName event = before == null
                ? StreamEventName.INSERT
                : after == null ? StreamEventName.REMOVE : StreamEventName.MODIFY;
        return new Change(seq, nowMillis, event, m.isTimeToLiveDelete(), keys, newImage, oldImage, size);
    }

    /** Closes the open shard at the last record and opens its child. */
    private void rollOver(ShardState open, long nowMillis) {
        List<ShardState> next = new ArrayList<>(shards);
        next.set(next.size() - 1, closed(open));
        int number = open.number + 1;
        next.add(new ShardState(number, shardId(nowMillis, number), open.id, ++lastSequence, -1, nowMillis));
        shards = List.copyOf(next);
    }

    private ShardState closed(ShardState open) {
        return new ShardState(open.number, open.id, open.parentId, open.start, lastSequence, open.openedMillis);
    }

    /** Disables the stream: its open shard closes; the records stay readable until retention trims them. */
    void disable(long nowMillis) {
        lock.lock();
        try {
            if (!enabled) {
                return;
            }
            enabled = false;
            disabledMillis = nowMillis;
            List<ShardState> next = new ArrayList<>(shards);
            next.set(next.size() - 1, closed(next.get(next.size() - 1)));
            shards = List.copyOf(next);
        } finally {
            lock.unlock();
        }
    }

    private void add(Change c) {
        if (tail == log.length) {
            int live = tail - head;
            Change[] next = live * 2 <= log.length ? log : new Change[log.length * 2];
            System.arraycopy(log, head, next, 0, live);
            if (next == log) {
                Arrays.fill(log, live, tail, null);
            }
            log = next;
            head = 0;
            tail = live;
        }
        log[tail++] = c;
    }

    // ---- retention -----------------------------------------------------------------------------------------

    /** In memory: drops the records 24 hours old or older, and the closed shards left without records. */
    private void trimMemory(long nowMillis) {
        long cutoff = nowMillis - RETENTION_MILLIS;
        if (head == tail || log[head].millis() > cutoff) {
            return;
        }
        while (head < tail && log[head].millis() <= cutoff) {
            trimmedThrough = log[head].seq();
            log[head++] = null;
        }
        dropTrimmedShards();
    }

    private boolean dropTrimmedShards() {
        int drop = 0;
        while (drop < shards.size() - 1 && shards.get(drop).end <= trimmedThrough) {
            drop++;
        }
        if (drop > 0) {
            shards = List.copyOf(shards.subList(drop, shards.size()));
        }
        return drop > 0;
    }

    /**
     * Applies retention now (the caller holds the lock): trims records older than 24 hours (in durable mode in one
     * batch). Returns false when the stream is disabled and everything in it has aged out: it is to be forgotten.
     */
    boolean maintain(long nowMillis) {
        if (!enabled && nowMillis - disabledMillis >= RETENTION_MILLIS) {
            return false;
        }
        if (store == null) {
            trimMemory(nowMillis);
            return true;
        }
        long cutoff = nowMillis - RETENTION_MILLIS;
        long trimmed = trimmedThrough;
        boolean more = true;
        while (more) {
            List<byte[][]> chunk = StreamCodec.recordsAfter(store, id, trimmed, Long.MAX_VALUE, 256);
            more = chunk.size() == 256;
            for (byte[][] kv : chunk) {
                if (StreamCodec.recordMillis(kv[1]) > cutoff) {
                    more = false;
                    break;
                }
                trimmed = DiskStore.getLong(kv[0], 9);
            }
        }
        if (trimmed != trimmedThrough) {
            trimmedThrough = trimmed;
            dropTrimmedShards();
            DiskWrite w = new DiskWrite(store);
            w.deleteRange(DiskStore.streamRecordKey(id, 0), DiskStore.streamRecordKey(id, trimmed + 1));
            w.put(DiskStore.streamKey(id), StreamCodec.encodeMeta(this));
            w.commit();
        }
        return true;
    }

    // ---- reads (the caller holds the lock) ---------------------------------------------------------------

    boolean isEnabled() {
        return enabled;
    }

    /** Whether the stream is enabled, for a caller not holding the lock. */
    boolean readEnabled() {
        lock.lock();
        try {
            return enabled;
        } finally {
            lock.unlock();
        }
    }

    long disabledMillis() {
        return disabledMillis;
    }

    List<ShardState> shards() {
        return shards;
    }

    long lastSequence() {
        return lastSequence;
    }

    long trimmedThrough() {
        return trimmedThrough;
    }

    ShardState shard(String shardId) {
        for (ShardState s : shards) {
            if (s.id.equals(shardId)) {
                return s;
            }
        }
        return null;
    }

    /** Whether {@code shardId} names a shard of this stream that retention has dropped. */
    boolean wasTrimmed(String shardId) {
        int dash = shardId.lastIndexOf('-');
        if (!shardId.startsWith("shardId-") || dash < 0 || shards.isEmpty()) {
            return false;
        }
        try {
            int number = Integer.parseInt(shardId.substring(dash + 1), 16);
            return number >= 0 && number < shards.get(0).number();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The records of {@code shard} after {@code after}, at most {@code limit} of them and about {@code maxBytes}. */
    List<Change> read(ShardState shard, long after, int limit, long maxBytes) {
        long last = shard.last(lastSequence);
        List<Change> out = new ArrayList<>(Math.min(limit, 64));
        long bytes = 0;
        if (store == null) {
            for (int i = firstAfter(after); i < tail && out.size() < limit; i++) {
                Change c = log[i];
                if (c.seq() > last || (!out.isEmpty() && bytes + c.size() > maxBytes)) {
                    break;
                }
                out.add(c);
                bytes += c.size();
            }
            return out;
        }
        for (byte[][] kv : StreamCodec.recordsAfter(store, id, after, last, limit)) {
            Change c;
            try {
                c = StreamCodec.decodeRecord(DiskStore.getLong(kv[0], 9), kv[1]);
            } catch (IllegalArgumentException e) {
                throw new DurableStorageException.Corrupted(
                        Message.StoreEntryUndecodable.format(store.directory, Arrays.toString(kv[0]), e.getMessage()),
                        store.directory,
                        e);
            }
            if (!out.isEmpty() && bytes + c.size() > maxBytes) {
                break;
            }
            out.add(c);
            bytes += c.size();
        }
        return out;
    }

    /** The index of the first record with a sequence number greater than {@code after} (binary search). */
    private int firstAfter(long after) {
        int lo = head;
        int hi = tail;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (log[mid].seq() <= after) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
