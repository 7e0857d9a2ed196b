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

    /*
     * The mapping code on the first-use path (Codecs, AbstractItemSchema, KeyFormat) throws through these factories,
     * declared to return RuntimeException: `throw new MappingException(..)` makes the JVM's verifier load this class
     * to check the throw when it verifies the class that contains it, on every start, though nothing fails (issue 14,
     * cold start). Called only when a mapping fails, so the class is loaded then.
     */
    static RuntimeException of(String message) {
        return new MappingException(message);
    }

    static RuntimeException of(String message, Throwable cause) {
        return new MappingException(message, cause);
    }
}
