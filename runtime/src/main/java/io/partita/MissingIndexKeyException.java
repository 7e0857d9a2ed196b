package io.partita;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.ValidationException;

/**
 * A write was refused because an index-key field is null and not {@code @Sparse}: the item would silently
 * drop out of the index. Nothing was written. Subclass of the core's {@link ValidationException}, so code
 * that catches validation errors catches this too.
 */
public class MissingIndexKeyException extends ValidationException {
    private final String entityName;
    private final String fieldName;
    private final String indexName;

    public MissingIndexKeyException(String entityName, String fieldName, String attributeName, String indexName) {
        super(RuntimeMessage.MissingIndexKey.format(entityName, fieldName, indexName, attributeName, indexName));
        this.entityName = entityName;
        this.fieldName = fieldName;
        this.indexName = indexName;
    }

    public String entityName() {
        return entityName;
    }

    /** The null field. */
    public String fieldName() {
        return fieldName;
    }

    /** The index whose key it is part of. */
    public String indexName() {
        return indexName;
    }
}
