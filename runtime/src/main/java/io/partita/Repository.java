package io.partita;

import io.partita.storage.api.TransactWriteItem;

/**
 * What a {@link Transaction} or a {@link BatchWrite} asks of a repository: the write it would send for an
 * entity. Every generated {@code <Entity>Repository} is one (through its base class), so
 * {@code tx.put(users, alice)} takes any of them; the user package does not depend on repository support.
 *
 * @param <T> the entity
 */
public interface Repository<T> {

    /** The table the repository writes to. */
    String tableName();

    /** True when the entity has a {@code @Version} field. */
    boolean isVersioned();

    /**
     * The put the repository would send for {@code entity}: validated item, version check and increment,
     * {@code condition} (may be null) combined with the version check.
     */
    TransactWriteItem.Put preparePut(T entity, Condition condition);

    /** The delete the repository would send for {@code entity}: its key, with the version check if versioned. */
    TransactWriteItem.Delete prepareDelete(T entity, Condition condition);
}
