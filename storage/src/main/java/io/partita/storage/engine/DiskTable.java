package io.partita.storage.engine;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The durable side of one table: its space ids, its item-collection sizes (on disk, read per write of a
 * table with LSIs) and its pending ASYNC GSI work (on disk in the write's own batch, queued here in write
 * order; applied by {@link #drain}, each application one batch that also deletes the pending record).
 */
final class DiskTable {
    final DiskStore store;
    final long itemsSpace;
    private final AtomicLong pendingSeq;
    final ConcurrentLinkedQueue<Pending> pending = new ConcurrentLinkedQueue<>();

    /** One pending GSI update: what {@link Mutation#applyToIndex} does, plus what the counters need. */
    record Pending(
            long seq, long dueMillis, IndexData gsi, OrderKey oldKey, OrderKey newKey, Stored newEntry, int oldSize) {}

    DiskTable(DiskStore store, long itemsSpace, long nextPendingSeq) {
        this.store = store;
        this.itemsSpace = itemsSpace;
        this.pendingSeq = new AtomicLong(nextPendingSeq);
    }

    byte[] collectionKey(AttributeValue partitionValue) {
        return DiskStore.spaceKey(DiskStore.COLLECTION, itemsSpace, ItemCodec.encodeValue(partitionValue));
    }

    long collectionSize(AttributeValue partitionValue) {
        return store.counter(collectionKey(partitionValue));
    }

    /** Every recorded (non-zero) item-collection size, for the invariant checker. */
    Map<AttributeValue, Long> collectionSizes() {
        Map<AttributeValue, Long> out = new HashMap<>();
        for (byte[][] kv : store.prefixed(DiskStore.spacePrefix(DiskStore.COLLECTION, itemsSpace))) {
            long v = DiskStore.counterValue(kv[1]);
            if (v != 0) {
                out.put(ItemCodec.decodeValue(kv[0], 9), v);
            }
        }
        return out;
    }

    /**
     * Stages one index change: the entry moves or changes, the index's counters follow (on disk in the batch,
     * in memory after the commit). {@code oldSize} is the size of the entry at {@code oldKey}.
     */
    static void stageIndex(
            DiskWrite w, IndexData index, OrderKey oldKey, OrderKey newKey, Stored newEntry, int oldSize) {
        DiskMap m = (DiskMap) index.entries;
        long dc = 0;
        long db = 0;
        if (oldKey != null && (newKey == null || !oldKey.equals(newKey))) {
            w.delete(m, oldKey);
            dc--;
            db -= oldSize + IndexData.ENTRY_OVERHEAD;
        }
        if (newKey != null) {
            w.put(m, newKey, newEntry);
            if (oldKey != null && oldKey.equals(newKey)) {
                db += newEntry.size() - oldSize;
            } else {
                dc++;
                db += newEntry.size() + IndexData.ENTRY_OVERHEAD;
            }
        }
        if (dc != 0 || db != 0) {
            long c = dc;
            long b = db;
            w.count(m.space, c, b);
            w.afterCommit(() -> {
                index.count.add(c);
                index.bytes.add(b);
            });
        }
    }

    /** Stages an ASYNC GSI update as pending work, persisted in the same batch as the write that causes it. */
    void stagePending(
            DiskWrite w,
            long dueMillis,
            IndexData gsi,
            OrderKey oldKey,
            OrderKey newKey,
            Stored newEntry,
            int oldSize) {
        long seq = pendingSeq.incrementAndGet();
        Pending p = new Pending(seq, dueMillis, gsi, oldKey, newKey, newEntry, oldSize);
        w.put(DiskStore.pendingKey(itemsSpace, seq), encode(p));
        w.afterCommit(() -> pending.add(p));
    }

    /**
     * Applies pending GSI updates in write order: all of them, or those due by {@code nowMillis}. Each batch
     * of up to 256 updates is one atomic write that also deletes their pending records.
     */
    void drain(boolean all, long nowMillis) {
        if (pending.isEmpty()) {
            return;
        }
        synchronized (pending) {
            while (true) {
                List<Pending> taken = new ArrayList<>();
                for (Pending p : pending) {
                    if (taken.size() == 256 || (!all && p.dueMillis() > nowMillis)) {
                        break;
                    }
                    taken.add(p);
                }
                if (taken.isEmpty()) {
                    return;
                }
                DiskWrite w = new DiskWrite(store);
                for (Pending p : taken) {
                    stageIndex(w, p.gsi(), p.oldKey(), p.newKey(), p.newEntry(), p.oldSize());
                    w.delete(DiskStore.pendingKey(itemsSpace, p.seq()));
                }
                w.commit();
                for (int i = 0; i < taken.size(); i++) {
                    pending.poll();
                }
            }
        }
    }

    private static byte[] encode(Pending p) {
        ItemCodec.Out out = new ItemCodec.Out(64);
        out.varlong(p.dueMillis());
        out.varlong(((DiskMap) p.gsi().entries).space);
        key(out, p.oldKey());
        key(out, p.newKey());
        out.b((byte) (p.newEntry() == null ? 0 : 1));
        if (p.newEntry() != null) {
            out.bytes(ItemCodec.encode(p.newEntry()));
        }
        out.varint(p.oldSize());
        return out.toArray();
    }

    /** Reads a pending record back; {@code gsis} finds the index by its space id (null: the index is gone). */
    static Pending decode(long seq, byte[] bytes, Map<Long, IndexData> gsis) {
        ItemCodec.In in = new ItemCodec.In(bytes);
        long due = in.varlong();
        long space = in.varlong();
        OrderKey oldKey = key(in);
        OrderKey newKey = key(in);
        Stored entry = in.b() == 1 ? ItemCodec.decode(in.bytes()) : null;
        int oldSize = in.varint();
        IndexData gsi = gsis.get(space);
        return gsi == null ? null : new Pending(seq, due, gsi, oldKey, newKey, entry, oldSize);
    }

    private static void key(ItemCodec.Out out, OrderKey k) {
        if (k == null) {
            out.b((byte) 0);
            return;
        }
        out.b((byte) 1);
        out.varint(k.partitionEnd);
        out.bytes(k.bytes);
    }

    private static OrderKey key(ItemCodec.In in) {
        if (in.b() == 0) {
            return null;
        }
        int pe = in.varint();
        return new OrderKey(in.bytes(), pe);
    }
}
