package io.partita.storage.engine;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.ItemCollectionSizeLimitExceededException;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * Exceptions of the engine, built here rather than at the throw site. A {@code throw new X(..)} makes the JVM's
 * verifier load {@code X} (and its superclasses) when it checks the throwing class, i.e. on a fresh JVM's first put
 * and get even though nothing fails (≈0.4 ms per class from a jar, issue 14); a call returning {@code RuntimeException} does
 * not, and this class is loaded only when a check has failed.
 */
final class Failures {
    private Failures() {}

    /** The condition expression was false; {@code item} is the item as it was, when the request asked for it. */
    static RuntimeException conditionalCheckFailed(String message, Map<String, AttributeValue> item) {
        return new ConditionalCheckFailedException(message, item);
    }

    /** A table or index that does not exist (or no longer). */
    static RuntimeException resourceNotFound(String message) {
        return new ResourceNotFoundException(message);
    }

    /** A table that exists already. */
    static RuntimeException resourceInUse(String message) {
        return new ResourceInUseException(message);
    }

    /** The write would grow an item collection past its limit. */
    static RuntimeException itemCollectionTooLarge(String message) {
        return new ItemCollectionSizeLimitExceededException(message);
    }
}
