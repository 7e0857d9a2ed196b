package io.partita.storage;

/**
 * Base of every error the storage core reports. Each subtype mirrors one DynamoDB error, so code written
 * against the embedded core catches the same exceptions it would catch against DynamoDB.
 */
public abstract class StorageException extends RuntimeException {
    protected StorageException(String message) {
        super(message);
    }

    protected StorageException(String message, Throwable cause) {
        super(message, cause);
    }

    /** DynamoDB's name for this error, e.g. {@code ValidationException}. */
    public abstract String errorCode();
}
