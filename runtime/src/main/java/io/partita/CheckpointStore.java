package io.partita;

import java.util.Optional;

/**
 * Where a subscription keeps its {@link Checkpoint} between runs, by consumer name (one name per handler):
 * {@code io.partita.feed.MemoryCheckpointStore} for tests and single runs, {@code io.partita.feed.TableCheckpointStore}
 * to keep them in a table of the database itself (on the embedded core, the server or DynamoDB alike).
 * Implementations are safe for use by several threads.
 */
public interface CheckpointStore {
    /** The checkpoint last saved for {@code consumer}, if any. */
    Optional<Checkpoint> load(String consumer);

    /** Saves {@code checkpoint} as {@code consumer}'s, replacing the previous one. */
    void save(String consumer, Checkpoint checkpoint);
}
