package io.partita.storage;

/** The request was throttled by the provisioned-throughput model; retry with backoff. */
public class ProvisionedThroughputExceededException extends StorageException {
    public ProvisionedThroughputExceededException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "ProvisionedThroughputExceededException";
    }
}
