package io.partita.storage;

/**
 * A write would grow an item collection (the base items and local-secondary-index entries that share one
 * partition key value) past its size limit: 10 GB in DynamoDB, configurable in the core for tests.
 */
public class ItemCollectionSizeLimitExceededException extends StorageException {
    public ItemCollectionSizeLimitExceededException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "ItemCollectionSizeLimitExceededException";
    }
}
