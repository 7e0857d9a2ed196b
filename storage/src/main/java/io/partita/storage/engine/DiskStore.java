package io.partita.storage.engine;

import io.partita.storage.DurableMemoryUsage;
import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorageException;
import io.partita.storage.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The durable store under a directory: one RocksDB database (its own files: write-ahead log, SSTs,
 * MANIFEST), a format marker file and a lock file. Everything the engine keeps is one key space of RocksDB,
 * split by a one-byte tag:
 *
 * <pre>
 *   'C' table name                      -> the table's catalogue record ({@link CatalogCodec})
 *   'D' space(8) orderKey               -> an item or index entry: varint partitionEnd, {@link ItemCodec}
 *   'K' space(8) kind(1)                -> a counter (entries, bytes) of a table or index: uint64 merge
 *   'Z' space(8) partition value        -> an item-collection size (tables with LSIs): uint64 merge
 *   'P' space(8) sequence(8)            -> a pending ASYNC GSI update
 *   'M' name                            -> store metadata (the id allocator)
 *   'T' stream(8)                       -> a stream's record: table, label, view type, shards, trim point ({@link StreamCodec})
 *   'S' stream(8) sequence(8)           -> one stream record, written in the batch of the change it reports
 * </pre>
 *
 * A space is the 8-byte id of one table's items or one index's entries; ids are never reused, so dropping
 * a table or index is one range deletion. Every write of the engine is one {@link WriteBatch}: atomic in the
 * log, so recovery replays it whole or not at all.
 */
final class DiskStore implements AutoCloseable {
    static final String LOCK_FILE = "partita.lock";
    static final String DATA_DIR = "rocksdb";

    static final byte CATALOG = 'C';
    static final byte DATA = 'D';
    static final byte COUNTER = 'K';
    static final byte COLLECTION = 'Z';
    static final byte PENDING = 'P';
    static final byte META = 'M';
    static final byte STREAM = 'T';
    static final byte STREAM_RECORD = 'S';

    static {
        RocksDB.loadLibrary();
    }

    final Path directory;
    private final Path dataDir;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final RocksDB db;
    private final DiskMemory memory;
    /** Decoded items and index entries ({@link DiskMap} reads through it, {@link DiskWrite} keeps it current). */
    final DecodedCache decoded;

    private final WriteOptions writeOptions;
    private final ReadOptions readOptions;
    private volatile boolean closed;
    /** Held (shared) around every call into RocksDB and (exclusive) by close: a closed handle is never used. */
    private final java.util.concurrent.locks.ReentrantReadWriteLock gate =
            new java.util.concurrent.locks.ReentrantReadWriteLock();

    private DiskStore(
            Path directory,
            Path dataDir,
            FileChannel lockChannel,
            FileLock lock,
            RocksDB db,
            DiskMemory memory,
            WriteOptions writeOptions) {
        this.directory = directory;
        this.dataDir = dataDir;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.db = db;
        this.memory = memory;
        this.decoded = new DecodedCache(memory.decodedCacheBytes);
        this.writeOptions = writeOptions;
        this.readOptions = new ReadOptions().setVerifyChecksums(true);
    }

    /**
     * Opens (or creates) the store in {@code directory}: takes the lock, checks the format marker, opens
     * RocksDB. Fails with a typed {@link DurableStorageException} and changes nothing when the directory is
     * locked, of another format or corrupt.
     */
    static DiskStore open(Path directory, DurableOptions durable) {
        Path dir = directory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new DurableStorageException.IOFailure(Message.StoreDirectoryCreateFailed.format(dir, e), dir, e);
        }
        Path lockFile = dir.resolve(LOCK_FILE);
        FileChannel channel;
        FileLock lock;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new DurableStorageException.IOFailure(Message.StoreLockFileFailed.format(lockFile, e), lockFile, e);
        }
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new DurableStorageException.Locked(Message.StoreOpenInThisJvm.format(dir, lockFile), dir, e);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new DurableStorageException.IOFailure(Message.StoreLockFileFailed.format(lockFile, e), lockFile, e);
        }
        if (lock == null) {
            closeQuietly(channel);
            throw new DurableStorageException.Locked(Message.StoreLockedByProcess.format(dir, lockFile), dir, null);
        }
        try {
            DiskFormat.check(dir);
            Path dataDir = dir.resolve(DATA_DIR);
            DiskMemory memory = new DiskMemory(durable);
            RocksDB db;
            try {
                db = RocksDB.open(memory.options, dataDir.toString());
            } catch (RocksDBException e) {
                memory.close();
                throw translate(e, dataDir, "open");
            }
            WriteOptions wo = new WriteOptions().setSync(durable.durability() == io.partita.storage.Durability.SYNC);
            return new DiskStore(dir, dataDir, channel, lock, db, memory, wo);
        } catch (RuntimeException | Error e) {
            try {
                lock.release();
            } catch (IOException ignored) {
                // closing the channel releases it anyway
            }
            closeQuietly(channel);
            throw e;
        }
    }

    private static void closeQuietly(FileChannel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }

    private static final Pattern FILE_IN_MESSAGE =
            Pattern.compile("(/[^\\s:,]+\\.(sst|log|ldb|blob)|/[^\\s:,]*(MANIFEST|CURRENT|OPTIONS)[^\\s:,]*)");

    /** Turns a RocksDB error into the core's typed error, naming the file where RocksDB names one. */
    static DurableStorageException translate(RocksDBException e, Path dataDir, String operation) {
        Status st = e.getStatus();
        String msg = e.getMessage() == null ? String.valueOf(st) : e.getMessage();
        Matcher m = FILE_IN_MESSAGE.matcher(msg);
        Path file = m.find() ? Path.of(m.group(1)) : dataDir;
        Status.Code code = st == null ? null : st.getCode();
        boolean missingFile = msg.contains("No such file or directory") || msg.contains("does not exist");
        if (code == Status.Code.Corruption || missingFile) {
            return new DurableStorageException.Corrupted(
                    Message.StoreCorrupt.format(dataDir.getParent(), file.equals(dataDir) ? "" : ": file " + file, msg),
                    file,
                    e);
        }
        if (msg.contains("lock")) {
            return new DurableStorageException.Locked(
                    Message.StoreLockedByEngine.format(dataDir.getParent(), msg), dataDir.getParent(), e);
        }
        return new DurableStorageException.IOFailure(
                (msg.contains("No space left") ? Message.StoreDiskFull : Message.StoreIoFailed)
                        .format(dataDir.getParent(), operation, msg),
                file,
                e);
    }

    // ---- keys ------------------------------------------------------------------------------------------

    static byte[] spaceKey(byte tag, long space, byte[] suffix) {
        byte[] k = new byte[9 + suffix.length];
        k[0] = tag;
        putLong(k, 1, space);
        System.arraycopy(suffix, 0, k, 9, suffix.length);
        return k;
    }

    static byte[] spacePrefix(byte tag, long space) {
        byte[] k = new byte[9];
        k[0] = tag;
        putLong(k, 1, space);
        return k;
    }

    static byte[] counterKey(long space, int kind) {
        return spaceKey(COUNTER, space, new byte[] {(byte) kind});
    }

    static byte[] pendingKey(long space, long seq) {
        byte[] k = spacePrefix(PENDING, space);
        k = Arrays.copyOf(k, 17);
        putLong(k, 9, seq);
        return k;
    }

    static byte[] streamKey(long stream) {
        return spacePrefix(STREAM, stream);
    }

    static byte[] streamRecordKey(long stream, long seq) {
        byte[] k = Arrays.copyOf(spacePrefix(STREAM_RECORD, stream), 17);
        putLong(k, 9, seq);
        return k;
    }

    static byte[] catalogKey(String table) {
        byte[] name = table.getBytes(StandardCharsets.UTF_8);
        byte[] k = new byte[1 + name.length];
        k[0] = CATALOG;
        System.arraycopy(name, 0, k, 1, name.length);
        return k;
    }

    static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (b[at + i] & 0xFF);
        }
        return v;
    }

    /** The smallest key greater than every key starting with {@code prefix}, or null when there is none. */
    static byte[] successor(byte[] prefix) {
        for (int i = prefix.length - 1; i >= 0; i--) {
            if (prefix[i] != (byte) 0xFF) {
                byte[] s = Arrays.copyOf(prefix, i + 1);
                s[i]++;
                return s;
            }
        }
        return null;
    }

    /** A uint64-add merge operand (little endian, as RocksDB's operator reads it). */
    static byte[] delta(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    static long counterValue(byte[] v) {
        if (v == null) {
            return 0;
        }
        if (v.length != 8) {
            throw new IllegalArgumentException("a counter of " + v.length + " bytes");
        }
        return ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    // ---- reads and writes ------------------------------------------------------------------------------

    byte[] get(byte[] key) {
        var l = gate.readLock();
        l.lock();
        try {
            checkOpen();
            return db.get(readOptions, key);
        } catch (RocksDBException e) {
            throw translate(e, dataDir, "read");
        } finally {
            l.unlock();
        }
    }

    long counter(byte[] key) {
        return counterValue(get(key));
    }

    /** Commits one batch atomically at the store's durability level. */
    void write(WriteBatch batch) {
        var l = gate.readLock();
        l.lock();
        try {
            checkOpen();
            db.write(writeOptions, batch);
        } catch (RocksDBException e) {
            throw translate(e, dataDir, "write");
        } finally {
            l.unlock();
        }
    }

    /**
     * Up to {@code max} entries in key order (or reverse), starting at {@code from} (inclusive or not), before
     * {@code to} (exclusive; in reverse: {@code from} is the upper end, exclusive or inclusive, {@code to} the
     * lower end, inclusive). Each call opens and closes its own iterator, so a reader that stops early leaks nothing.
     */
    List<byte[][]> chunk(byte[] from, boolean inclusive, byte[] to, boolean forward, int max) {
        List<byte[][]> out = new ArrayList<>(Math.min(max, 64));
        if (max <= 0) {
            return out;
        }
        walk(from, forward, at -> {
            byte[] k = at.key();
            if (to != null && (forward ? Arrays.compareUnsigned(k, to) >= 0 : Arrays.compareUnsigned(k, to) < 0)) {
                return false;
            }
            if (!inclusive && Arrays.equals(k, from)) { // keys are unique: only the first can equal it
                return true;
            }
            out.add(new byte[][] {k, at.value()});
            return out.size() < max;
        });
        return out;
    }

    /** Takes the entries of a {@link #walk}, the cursor positioned on each; returns false to stop the walk. */
    interface Walker {
        boolean entry(DiskCursor at);
    }

    /** A walk's position: the entry's key read into the walker's buffer, its value copied only on request. */
    static final class DiskCursor {
        private final RocksIterator it;

        DiskCursor(RocksIterator it) {
            this.it = it;
        }

        byte[] key() {
            return it.key();
        }

        /** Copies the key into {@code buffer} (as much as fits); returns its length. */
        int key(byte[] buffer) {
            return it.key(buffer, 0, buffer.length);
        }

        byte[] value() {
            return it.value();
        }
    }

    /**
     * Hands {@code walker} the entries from {@code from} on (forward: the first key at or after it; reverse: at or
     * before it, walking back) until it returns false or the store has no more. The walker copies what it needs (the
     * key into its own buffer; the value only when it must) and decides where its range ends. The iterator is the
     * walk's own, closed before this returns.
     */
    void walk(byte[] from, boolean forward, Walker walker) {
        var l = gate.readLock();
        l.lock();
        try (RocksIterator it = openIterator()) {
            if (forward) {
                it.seek(from);
            } else {
                it.seekForPrev(from);
            }
            DiskCursor at = new DiskCursor(it);
            while (it.isValid() && walker.entry(at)) {
                if (forward) {
                    it.next();
                } else {
                    it.prev();
                }
            }
            it.status();
        } catch (RocksDBException e) {
            throw translate(e, dataDir, "read");
        } finally {
            l.unlock();
        }
    }

    /** A new iterator over the store; the caller holds the gate's read lock. */
    private RocksIterator openIterator() {
        checkOpen();
        return db.newIterator(readOptions);
    }

    /** Every key/value starting with {@code prefix} (for the catalogue, counters and pending work: small sets). */
    List<byte[][]> prefixed(byte[] prefix) {
        List<byte[][]> all = new ArrayList<>();
        byte[] end = successor(prefix);
        byte[] from = prefix;
        boolean inclusive = true;
        while (true) {
            List<byte[][]> c = chunk(from, inclusive, end, true, 1024);
            all.addAll(c);
            if (c.size() < 1024) {
                return all;
            }
            from = c.get(c.size() - 1)[0];
            inclusive = false;
        }
    }

    /** Writes a consistent copy (a RocksDB checkpoint: hard links of the immutable files, a copy of the log) to {@code target}. */
    void backup(Path target) {
        var l = gate.readLock();
        l.lock();
        try {
            checkOpen();
            DiskBackup.write(db, dataDir, target);
        } finally {
            l.unlock();
        }
    }

    /** The budget against the decoded cache's charge and RocksDB's own figures ({@link DiskMemory#usage}). */
    DurableMemoryUsage memoryUsage() {
        var l = gate.readLock();
        l.lock();
        try {
            checkOpen();
            return memory.usage(db, decoded.size());
        } catch (RocksDBException e) {
            throw translate(e, dataDir, "read its memory usage");
        } finally {
            l.unlock();
        }
    }

    /** Flushes the memtables to SST files (used by tests and before measuring the directory's size). */
    void flush() {
        checkOpen();
        try (org.rocksdb.FlushOptions f = new org.rocksdb.FlushOptions().setWaitForFlush(true)) {
            db.flush(f);
        } catch (RocksDBException e) {
            throw translate(e, dataDir, "flush");
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This storage core is closed");
        }
    }

    @Override
    public void close() {
        var l = gate.writeLock();
        l.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            closeLocked();
        } finally {
            l.unlock();
        }
    }

    private void closeLocked() {
        try {
            db.syncWal();
        } catch (RocksDBException ignored) {
            // closing anyway; the log is replayed at the next open
        }
        db.close();
        readOptions.close();
        writeOptions.close();
        memory.close();
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel's close releases it
        }
        closeQuietly(lockChannel);
    }
}
