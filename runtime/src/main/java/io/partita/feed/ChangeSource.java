package io.partita.feed;

import io.partita.ChangeFeed;
import io.partita.Checkpoint;
import io.partita.StartingPosition;

/**
 * A repository whose table has a change stream: every generated repository of a {@code @ChangeStream} table
 * implements it (an entity repository with its entity type, a shared table's repository with the table's interface
 * or {@code Object}). What the Spring Boot starter and the JUnit extension find feeds by.
 *
 * @param <T> the type of the feed's values
 */
public interface ChangeSource<T> {
    /** The changes made from now on. */
    default ChangeFeed<T> changes() {
        return changes(StartingPosition.LATEST);
    }

    /** The changes from {@code start}: the oldest record the stream holds, or the latest. */
    ChangeFeed<T> changes(StartingPosition start);

    /** The changes after {@code checkpoint} (at least once: some may come again). */
    ChangeFeed<T> changes(Checkpoint checkpoint);

    /** The entity type the feed's values are decoded into (the table's interface, or Object, for a shared table). */
    Class<T> changeType();
}
