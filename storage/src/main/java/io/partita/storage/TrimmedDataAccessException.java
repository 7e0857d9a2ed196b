package io.partita.storage;

/**
 * A stream read reached records already trimmed (older than the stream's 24-hour retention): the iterator was at or
 * before the trim point, or the records it pointed at were trimmed after it was taken.
 */
public class TrimmedDataAccessException extends StorageException {
    public TrimmedDataAccessException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "TrimmedDataAccessException";
    }
}
