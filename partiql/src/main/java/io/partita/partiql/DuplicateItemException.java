package io.partita.partiql;

import io.partita.storage.StorageException;

/** An INSERT met an item with the same primary key; nothing was written. */
public final class DuplicateItemException extends StorageException {
    static final String MESSAGE = "Duplicate primary key exists in table";
    private static final long serialVersionUID = 1L;

    public DuplicateItemException() {
        super(MESSAGE);
    }

    @Override
    public String errorCode() {
        return "DuplicateItemException";
    }
}
