package io.partita;

import java.util.List;

/**
 * Handles the changes a {@link ChangeFeed#subscribe subscription} delivers, on its background thread, one batch at a
 * time in stream order. Delivery is at least once: a batch whose handling threw is handed over again (see
 * {@link SubscribeOptions} for the error policy), and a subscription resumed from a checkpoint may
 * repeat the changes of the batch that was being handled when it stopped, so a handler should be idempotent (or
 * tolerate repeats). A Spring bean implementing this interface is subscribed to its entity's feed at startup.
 *
 * @param <T> the entity type of the feed
 */
@FunctionalInterface
public interface ChangeHandler<T> {
    /** Handles one change. */
    void handle(Change<T> change) throws Exception;

    /** Handles one batch (the changes one poll returned); by default each change in order. */
    default void handleBatch(List<Change<T>> changes) throws Exception {
        for (Change<T> change : changes) {
            handle(change);
        }
    }
}
