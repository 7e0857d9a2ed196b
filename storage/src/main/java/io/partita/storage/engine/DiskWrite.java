package io.partita.storage.engine;

import io.partita.storage.DurableStorageException;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * One atomic write to the durable store: every key the write changes (item, LSI entries, GSI entries or the
 * pending GSI work, counters, item-collection sizes, catalogue) in one RocksDB {@link WriteBatch}, then the
 * in-memory counters, only once the batch is in the log. A write that fails changes nothing.
 */
final class DiskWrite {
    private final DiskStore store;
    private final WriteBatch batch = new WriteBatch();
    private final List<Runnable> afterCommit = new ArrayList<>(4);
    /** Run once the batch is committed or dropped (locks held until then), and on failure, each with it. */
    private List<Runnable> onFinish;

    private List<Runnable> onFailure;

    DiskWrite(DiskStore store) {
        this.store = store;
    }

    DiskStore store() {
        return store;
    }

    void put(DiskMap map, OrderKey key, Stored value) {
        put(map.key(key), DiskMap.value(key, value));
    }

    void delete(DiskMap map, OrderKey key) {
        delete(map.key(key));
    }

    void put(byte[] key, byte[] value) {
        try {
            batch.put(key, value);
        } catch (RocksDBException e) {
            throw failed(e);
        }
    }

    void delete(byte[] key) {
        try {
            batch.delete(key);
        } catch (RocksDBException e) {
            throw failed(e);
        }
    }

    void deleteRange(byte[] from, byte[] to) {
        try {
            batch.deleteRange(from, to);
        } catch (RocksDBException e) {
            throw failed(e);
        }
    }

    void add(byte[] counterKey, long delta) {
        if (delta == 0) {
            return;
        }
        try {
            batch.merge(counterKey, DiskStore.delta(delta));
        } catch (RocksDBException e) {
            throw failed(e);
        }
    }

    /** Adds to a space's entry and byte counters. */
    void count(long space, long entries, long bytes) {
        add(DiskStore.counterKey(space, 0), entries);
        add(DiskStore.counterKey(space, 1), bytes);
    }

    /** Runs once the batch is committed (in-memory counters, pending queues). */
    void afterCommit(Runnable r) {
        afterCommit.add(r);
    }

    /**
     * Runs {@code always} once the batch is committed or dropped, and before it {@code ifFailed} when it was not
     * committed; both in the reverse order of registration (a lock taken for the batch is held until its write is in
     * the log, and in-memory state changed for it is restored when the write fails).
     */
    void onFinish(Runnable always, Runnable ifFailed) {
        if (onFinish == null) {
            onFinish = new ArrayList<>(2);
            onFailure = new ArrayList<>(2);
        }
        onFinish.add(always);
        onFailure.add(ifFailed);
    }

    private void finish(boolean committed) {
        if (onFinish == null) {
            return;
        }
        try {
            if (!committed) {
                for (int i = onFailure.size() - 1; i >= 0; i--) {
                    onFailure.get(i).run();
                }
            }
        } finally {
            for (int i = onFinish.size() - 1; i >= 0; i--) {
                onFinish.get(i).run();
            }
            onFinish = null;
        }
    }

    boolean isEmpty() {
        return batch.count() == 0;
    }

    void commit() {
        boolean committed = false;
        try {
            try {
                if (batch.count() > 0) {
                    store.write(batch);
                }
            } finally {
                batch.close();
            }
            committed = true;
            for (Runnable r : afterCommit) {
                r.run();
            }
        } finally {
            finish(committed);
        }
    }

    /** Drops the batch without writing it. */
    void abandon() {
        batch.close();
        finish(false);
    }

    private DurableStorageException failed(RocksDBException e) {
        batch.close();
        finish(false);
        return DiskStore.translate(e, store.directory.resolve(DiskStore.DATA_DIR), "prepare a write");
    }
}
