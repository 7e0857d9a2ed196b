package io.partita.server;

/**
 * An error the server itself answers (not one of the core's): DynamoDB's error type name, its HTTP status and
 * message, e.g. {@code SerializationException} for malformed JSON or {@code UnknownOperationException}.
 */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final String type;
    final int status;
    /** Some error types are not in DynamoDB's namespace (e.g. {@code com.amazon.coral.service#}). */
    final String namespace;

    ApiException(String type, int status, String message) {
        this(Errors.DYNAMODB_NAMESPACE, type, status, message);
    }

    ApiException(String namespace, String type, int status, String message) {
        super(message, null, false, false);
        this.namespace = namespace;
        this.type = type;
        this.status = status;
    }

    static ApiException serialization(String message) {
        return new ApiException("SerializationException", 400, message);
    }

    static ApiException validation(String message) {
        return new ApiException("ValidationException", 400, message);
    }
}
