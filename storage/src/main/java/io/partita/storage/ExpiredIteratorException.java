package io.partita.storage;

/** A shard iterator used more than 15 minutes after GetShardIterator or GetRecords returned it. */
public class ExpiredIteratorException extends StorageException {
    public ExpiredIteratorException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "ExpiredIteratorException";
    }
}
