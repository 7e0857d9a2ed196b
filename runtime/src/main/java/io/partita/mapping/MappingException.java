package io.partita.mapping;

/**
 * An entity could not be written as an item or read back from one: a stored attribute has the wrong type, a
 * value has no DynamoDB form (NaN, an unknown enum constant), and so on. The message names the entity, the
 * attribute and the offending value.
 */
public class MappingException extends RuntimeException {
    public MappingException(String message) {
        super(message);
    }

    public MappingException(String message, Throwable cause) {
        super(message, cause);
    }
}
