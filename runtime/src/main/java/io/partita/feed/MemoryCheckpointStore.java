package io.partita.feed;

import io.partita.Checkpoint;
import io.partita.CheckpointStore;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Checkpoints kept in this JVM's memory: for tests, and for subscriptions that start over on every run. */
public final class MemoryCheckpointStore implements CheckpointStore {
    private final Map<String, Checkpoint> checkpoints = new ConcurrentHashMap<>();

    @Override
    public Optional<Checkpoint> load(String consumer) {
        return Optional.ofNullable(checkpoints.get(consumer));
    }

    @Override
    public void save(String consumer, Checkpoint checkpoint) {
        checkpoints.put(consumer, checkpoint);
    }
}
