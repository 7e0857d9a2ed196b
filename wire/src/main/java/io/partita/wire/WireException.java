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
    private final String unknownAttributeType;

    private WireException(String type, String message) {
        this(type, message, null);
    }

    private WireException(String type, String message, String unknownAttributeType) {
        super(message, null, false, false);
        this.type = type;
        this.unknownAttributeType = unknownAttributeType;
    }

    /** DynamoDB's error type name, e.g. {@code ValidationException}. */
    public String type() {
        return type;
    }

    /**
     * The member name of an attribute value that is none of DynamoDB's types ({@code {"STRING":"x"}}), or null
     * for any other error: callers that word the error their own way (the runtime's import) name it.
     */
    public String unknownAttributeType() {
        return unknownAttributeType;
    }

    /** DynamoDB's answer to an attribute value of an unknown type, e.g. {@code {"STRING":"x"}}. */
    public static WireException unknownAttributeType(String name) {
        return new WireException(SERIALIZATION, "Unknown AttributeValue type: " + name, name);
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
