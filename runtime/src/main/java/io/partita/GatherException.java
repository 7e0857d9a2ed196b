package io.partita;

/**
 * A gather query (an index query on a {@code @Scatter} index) failed because reading one of its shards failed:
 * the whole query fails, no partial result is returned, and the other shards' requests are cancelled. The
 * {@link #getCause() cause} is the shard's error (after the {@link RetryPolicy}'s retries), for example the
 * core's {@code ProvisionedThroughputExceededException}.
 */
public final class GatherException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int shard;

    public GatherException(String message, int shard, Throwable cause) {
        super(message, cause);
        this.shard = shard;
    }

    /** The shard that failed (0-based; its partition-key value is in the message). */
    public int shard() {
        return shard;
    }
}
