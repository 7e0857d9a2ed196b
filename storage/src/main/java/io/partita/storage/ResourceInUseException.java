package io.partita.storage;

/** The table (or index) being created already exists. */
public class ResourceInUseException extends StorageException {
    public ResourceInUseException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "ResourceInUseException";
    }
}
