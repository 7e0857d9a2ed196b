package io.partita.wire;

/**
 * A request the wire codec rejects, as DynamoDB answers it: the error type ({@code SerializationException} for
 * JSON that does not fit the request's shape, {@code ValidationException} for values DynamoDB's rules refuse)
 * and DynamoDB's message. The server answers it with HTTP 400 in DynamoDB's error shape.
 */
public final class WireException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static final String SERIALIZATION = "SerializationException";
    public static final String VALIDATION = "ValidationException";

    private final String type;

    private WireException(String type, String message) {
        super(message, null, false, false);
        this.type = type;
    }

    /** DynamoDB's error type name, e.g. {@code ValidationException}. */
    public String type() {
        return type;
    }

    public static WireException serialization(String message) {
        return new WireException(SERIALIZATION, message);
    }

    public static WireException validation(String message) {
        return new WireException(VALIDATION, message);
    }

    /** DynamoDB's "Value null at 'x' failed to satisfy constraint: Member must not be null". */
    public static WireException missing(String constraintName) {
        return validation("1 validation error detected: Value null at '" + constraintName
                + "' failed to satisfy constraint: Member must not be null");
    }
}
