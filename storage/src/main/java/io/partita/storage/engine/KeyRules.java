package io.partita.storage.engine;

import io.partita.storage.ValidationException;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;

/** DynamoDB's rules for key attribute values, with messages that name the attribute, the index and the rule. */
final class KeyRules {
    static final int MAX_PARTITION_KEY_BYTES = 2048;
    static final int MAX_SORT_KEY_BYTES = 1024;

    private KeyRules() {}

    /** Checks a base-table key value: present, right type, non-empty, within size. */
    static AttributeValue checkTableKey(KeyAttribute key, AttributeValue value, boolean partition) {
        if (value == null) {
            throw new ValidationException("One or more parameter values were invalid: Missing the key " + key.name() + " in the item");
        }
        if (value.type() != key.type()) {
            throw new ValidationException("One or more parameter values were invalid: Type mismatch for key " + key.name()
                    + " expected: " + key.type() + " actual: " + value.type());
        }
        int problem = sizeProblem(value, partition);
        if (problem == EMPTY) {
            throw new ValidationException("One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
                    + "contain an empty " + kindOf(value) + " value. Key: " + key.name());
        }
        if (problem == TOO_LARGE) {
            throw new ValidationException("One or more parameter values were invalid: " + (partition
                    ? "Size of hashkey has exceeded the maximum size limit of " + MAX_PARTITION_KEY_BYTES + " bytes (key " + key.name() + ")"
                    : "Aggregated size of all range keys has exceeded the size limit of " + MAX_SORT_KEY_BYTES + " bytes (key " + key.name() + ")"));
        }
        return value;
    }

    /**
     * Checks a value written to an index key attribute. DynamoDB Local's message is a bare "Type mismatch for
     * Index Key"; this one names the attribute, the index, the expected and the actual type.
     */
    static void checkIndexKey(String indexName, KeyAttribute key, AttributeValue value, boolean partition) {
        if (value.type() != key.type()) {
            throw new ValidationException("One or more parameter values were invalid: Type mismatch for Index Key " + key.name()
                    + " Expected: " + key.type() + " Actual: " + value.type() + " IndexName: " + indexName
                    + " (attribute " + key.name() + " is a key of index " + indexName + " and must be of type " + key.type() + ")");
        }
        int problem = sizeProblem(value, partition);
        if (problem == EMPTY) {
            throw new ValidationException("One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
                    + "contain an empty " + kindOf(value) + " value. IndexName: " + indexName + ", IndexKey: " + key.name());
        }
        if (problem == TOO_LARGE) {
            throw new ValidationException("One or more parameter values were invalid: " + (partition ? "Size of index partition key "
                    : "Size of index sort key ") + key.name() + " of index " + indexName + " exceeds the limit of "
                    + (partition ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES) + " bytes");
        }
    }

    private static final int OK = 0;
    private static final int EMPTY = 1;
    private static final int TOO_LARGE = 2;

    /** Messages are built only when a check fails: these checks run on every key of every request. */
    private static int sizeProblem(AttributeValue value, boolean partition) {
        int size = value.size();
        if (size == 0 && value.type() != AttributeType.N) {
            return EMPTY;
        }
        return size > (partition ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES) ? TOO_LARGE : OK;
    }

    private static String kindOf(AttributeValue value) {
        return value instanceof AttributeValue.B ? "binary" : "string";
    }
}
