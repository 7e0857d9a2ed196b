package io.partita;

import io.partita.storage.api.TransactWriteItem;

/**
 * A partial update a {@link Transaction} can carry: what {@code repository.update(key)...} builds. The user
 * package names only this, so it does not depend on repository support.
 */
public interface PartialUpdate {

    /** The update as a transaction action. */
    TransactWriteItem.Update prepare();
}
