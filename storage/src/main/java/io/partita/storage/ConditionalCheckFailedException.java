package io.partita.storage;

import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Optional;

/** A condition expression evaluated to false; the item is unchanged. */
public class ConditionalCheckFailedException extends StorageException {
    private final transient Map<String, AttributeValue> item;

    public ConditionalCheckFailedException(String message, Map<String, AttributeValue> item) {
        super(message);
        this.item = item;
    }

    /** The item as it was, when the request asked for it with {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}. */
    public Optional<Map<String, AttributeValue>> item() {
        return Optional.ofNullable(item);
    }

    @Override
    public String errorCode() {
        return "ConditionalCheckFailedException";
    }
}
