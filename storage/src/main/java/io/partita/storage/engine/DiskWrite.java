package io.partita.storage.engine;

import io.partita.storage.DurableStorageException;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * One atomic write to the durable store: every key the write changes (item, LSI entries, GSI entries or the
 * pending GSI work, counters, item-collection sizes, catalogue) in one RocksDB {@link WriteBatch}, then the
 * in-memory counters, only once the batch is in the log. A write that fails changes nothing. Every entry it
 * puts or deletes is announced to the store's {@link DecodedCache} before the commit and released after it, so
 * the cache never holds a value the write replaced.
 */
final class DiskWrite {
    private final DiskStore store;
    private final WriteBatch batch = new WriteBatch();
    private final List<Runnable> afterCommit = new ArrayList<>(4);
    /** Run once the batch is committed or dropped (locks held until then), and on failure, each with it. */
    private List<Runnable> onFinish;

    private List<Runnable> onFailure;
    /** The entries announced to the decoded cache, released by {@link #finish}. */
    private List<Staged> staged;

    private record Staged(long space, OrderKey key, long token, Stored value, int encodedLength) {}

    DiskWrite(DiskStore store) {
        this.store = store;
    }

    DiskStore store() {
        return store;
    }

    void put(DiskMap map, OrderKey key, Stored value) {
        byte[] v = DiskMap.value(key, value);
        announce(map.space, key, value, v.length);
        put(map.key(key), v);
    }

    void delete(DiskMap map, OrderKey key) {
        announce(map.space, key, null, 0);
        delete(map.key(key));
    }

    private void announce(long space, OrderKey key, Stored value, int encodedLength) {
        DecodedCache cache = store.decoded;
        if (!cache.enabled()) {
            return;
        }
        if (staged == null) {
            staged = new ArrayList<>(4);
        }
        staged.add(new Staged(space, key, cache.beginWrite(space, key), value, encodedLength));
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

    /** Deletes a key range; a whole space of entries ({@link DiskStore#spacePrefix}) is announced to the cache. */
    void deleteRange(byte[] from, byte[] to) {
        if (from.length == 9 && from[0] == DiskStore.DATA && store.decoded.enabled()) {
            long space = DiskStore.getLong(from, 1);
            store.decoded.beginRangeWrite(space);
            if (staged == null) {
                staged = new ArrayList<>(4);
            }
            staged.add(new Staged(space, null, 0, null, 0));
        }
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
        try {
            release(committed);
        } finally {
            runFinishers(committed);
        }
    }

    /** Ends the decoded cache's announcements: each entry's committed value, or the value it had, is current again. */
    private void release(boolean committed) {
        List<Staged> s = staged;
        if (s == null) {
            return;
        }
        staged = null;
        DecodedCache cache = store.decoded;
        for (Staged e : s) {
            if (e.key() == null) {
                cache.endRangeWrite(e.space());
            } else {
                cache.endWrite(e.space(), e.key(), e.token(), committed, e.value(), e.encodedLength());
            }
        }
    }

    private void runFinishers(boolean committed) {
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
