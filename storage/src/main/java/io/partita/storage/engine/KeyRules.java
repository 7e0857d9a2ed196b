package io.partita.storage.engine;

import io.partita.storage.Message;
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
            throw Message.KeyMissing.exception(key.name());
        }
        if (value.type() != key.type()) {
            throw Message.KeyTypeMismatch.exception(key.name(), key.type(), value.type());
        }
        int problem = sizeProblem(value, partition);
        if (problem == EMPTY) {
            throw Message.KeyEmpty.exception(kindOf(value), key.name());
        }
        if (problem == TOO_LARGE) {
            throw partition
                    ? Message.PartitionKeyTooLarge.exception(MAX_PARTITION_KEY_BYTES, key.name())
                    : Message.SortKeyTooLarge.exception(MAX_SORT_KEY_BYTES, key.name());
        }
        return value;
    }

    /**
     * Checks a value written to an index key attribute. DynamoDB Local's message is a bare "Type mismatch for
     * Index Key"; this one names the attribute, the index, the expected and the actual type.
     */
    static void checkIndexKey(String indexName, KeyAttribute key, AttributeValue value, boolean partition) {
        if (value.type() != key.type()) {
            throw Message.IndexKeyTypeMismatch.exception(
                    key.name(), key.type(), value.type(), indexName, key.name(), indexName, key.type());
        }
        int problem = sizeProblem(value, partition);
        if (problem == EMPTY) {
            throw Message.IndexKeyEmpty.exception(kindOf(value), indexName, key.name());
        }
        if (problem == TOO_LARGE) {
            throw partition
                    ? Message.IndexPartitionKeyTooLarge.exception(key.name(), indexName, MAX_PARTITION_KEY_BYTES)
                    : Message.IndexSortKeyTooLarge.exception(key.name(), indexName, MAX_SORT_KEY_BYTES);
        }
    }

    /**
     * True when {@code value} can key an index: the key's type, non-empty, within size. The explicit form of
     * {@link #checkIndexKey} for items already stored, which a GSI added later simply does not index.
     */
    static boolean indexable(KeyAttribute key, AttributeValue value, boolean partition) {
        return value.type() == key.type() && sizeProblem(value, partition) == OK;
    }

    private static final int OK = 0;
    private static final int EMPTY = 1;
    private static final int TOO_LARGE = 2;

    /** Messages are built only when a check fails: these checks run on every key of every request. */
    private static int sizeProblem(AttributeValue value, boolean partition) {
        if (isEmpty(value)) {
            return EMPTY;
        }
        return value.size() > (partition ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES) ? TOO_LARGE : OK;
    }

    /** DynamoDB: a key value (or key condition operand) of type S or B may not be empty; a number never is. */
    static boolean isEmpty(AttributeValue value) {
        return value.size() == 0 && value.type() != AttributeType.N;
    }

    /** How DynamoDB's empty-key message names the value's type. */
    static String kindOf(AttributeValue value) {
        return value instanceof AttributeValue.B ? "binary" : "string";
    }
}
