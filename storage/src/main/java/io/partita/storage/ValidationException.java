package io.partita.storage;

/** The request is malformed or breaks a DynamoDB rule; nothing was read or written. */
public class ValidationException extends StorageException {
    public ValidationException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "ValidationException";
    }
}
