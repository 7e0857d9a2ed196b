package io.partita.storage;

/** The table (or index) named in the request does not exist. */
public class ResourceNotFoundException extends StorageException {
    public ResourceNotFoundException(String message) {
        super(message);
    }

    @Override
    public String errorCode() {
        return "ResourceNotFoundException";
    }
}
