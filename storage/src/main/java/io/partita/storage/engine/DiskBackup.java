package io.partita.storage.engine;

import io.partita.storage.DurableStorageException;
import io.partita.storage.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocksdb.Checkpoint;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/** A durable store's backup: a RocksDB checkpoint of the open database and the format marker, in a new directory. */
final class DiskBackup {
    private DiskBackup() {}

    /**
     * Writes a consistent copy of {@code db} (kept in {@code dataDir}; hard links of the immutable files, a copy of
     * the log) to {@code target}, which must not exist. The caller keeps the store open meanwhile.
     */
    static void write(RocksDB db, Path dataDir, Path target) {
        Path t = target.toAbsolutePath().normalize();
        if (Files.exists(t)) {
            throw new IllegalArgumentException("The backup target " + t + " exists; backup writes a new directory");
        }
        try {
            Files.createDirectories(t);
            try (Checkpoint cp = Checkpoint.create(db)) {
                cp.createCheckpoint(t.resolve(DiskStore.DATA_DIR).toString());
            }
            DiskFormat.writeMarker(t.resolve(DiskFormat.FORMAT_FILE));
        } catch (RocksDBException e) {
            throw DiskStore.translate(e, dataDir, "back up to " + t);
        } catch (IOException e) {
            throw new DurableStorageException.IOFailure(Message.StoreBackupFailed.format(t, e), t, e);
        }
    }
}
