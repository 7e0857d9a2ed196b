package io.partita.storage;

import java.nio.file.Path;

/**
 * An error of the durable store's directory or disk (as opposed to an error of a request). Each subtype
 * names the directory or file involved; none of them changes any data: a failed open leaves the directory as
 * it was, a failed write leaves every earlier write intact and applies nothing of itself.
 */
public abstract class DurableStorageException extends StorageException {
    private final Path path;

    protected DurableStorageException(String message, Path path, Throwable cause) {
        super(message, cause);
        this.path = path;
    }

    /** The directory or file the error is about. */
    public Path path() {
        return path;
    }

    /** Another process (or another open instance in this JVM) holds the directory. */
    public static final class Locked extends DurableStorageException {
        public Locked(String message, Path path, Throwable cause) {
            super(message, path, cause);
        }

        @Override
        public String errorCode() {
            return "DirectoryLocked";
        }
    }

    /** The directory holds another format version of the store (or is not a Partita store at all). */
    public static final class FormatMismatch extends DurableStorageException {
        private final String found;
        private final String expected;

        public FormatMismatch(String message, Path path, String found, String expected) {
            super(message, path, null);
            this.found = found;
            this.expected = expected;
        }

        /** The format version the directory holds, or a description of what was found instead. */
        public String found() {
            return found;
        }

        /** The format version this Partita reads and writes. */
        public String expected() {
            return expected;
        }

        @Override
        public String errorCode() {
            return "FormatMismatch";
        }
    }

    /** A file of the store is corrupt or missing: nothing is served from it. */
    public static final class Corrupted extends DurableStorageException {
        public Corrupted(String message, Path path, Throwable cause) {
            super(message, path, cause);
        }

        @Override
        public String errorCode() {
            return "InternalServerError";
        }
    }

    /** The disk refused a write (full, read-only, I/O error): the write that met it did not happen. */
    public static final class IOFailure extends DurableStorageException {
        public IOFailure(String message, Path path, Throwable cause) {
            super(message, path, cause);
        }

        @Override
        public String errorCode() {
            return "InternalServerError";
        }
    }

    /**
     * The durable engine's library (RocksDB, {@code org.rocksdb:rocksdbjni}) is not on the class path: Partita
     * declares it optional so applications that never open a directory do not carry its native libraries.
     */
    public static final class EngineMissing extends DurableStorageException {
        public EngineMissing(String message, Path path, Throwable cause) {
            super(message, path, cause);
        }

        @Override
        public String errorCode() {
            return "InternalServerError";
        }
    }
}
