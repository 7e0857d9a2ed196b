package io.partita.dynamodb;

import io.partita.storage.StorageException;

/**
 * An error from DynamoDB (or from the SDK on the way there) that has no counterpart among the core's exception
 * types: an internal server error, an expired credential, a network failure. The SDK exception is the cause;
 * {@link #errorCode()} is DynamoDB's error code when the service sent one.
 */
public class DynamoDbBackendException extends StorageException {
    private final String errorCode;
    private final int statusCode;

    public DynamoDbBackendException(String errorCode, int statusCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
        this.statusCode = statusCode;
    }

    @Override
    public String errorCode() {
        return errorCode;
    }

    /** The HTTP status of the response, or 0 when none arrived (a client-side failure). */
    public int statusCode() {
        return statusCode;
    }
}
