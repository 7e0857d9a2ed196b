package io.partita.server;

/**
 * Where the server runs DynamoDB operations: on the connection's Netty event loop, or on a bounded pool of
 * operation threads (the event loop then only decodes, dispatches and encodes).
 *
 * <p>On the pool, at most {@code threads} operations run at once and at most {@code queue} more wait; a request
 * that finds both full is answered at once with DynamoDB's {@code ThrottlingException} (HTTP 400, which the SDKs
 * retry with back-off) and changes nothing. Nothing is queued without bound.
 *
 * @param mode    {@link Mode#AUTO} (the default), {@link Mode#EVENT_LOOP} or {@link Mode#EXECUTOR}
 * @param threads operation threads (default {@link #DEFAULT_THREADS}); at least 1
 * @param queue   operations waiting for a thread (default {@value #DEFAULT_QUEUE}); 0 means none wait
 */
public record Execution(Mode mode, int threads, int queue) {

    /** Where operations run. */
    public enum Mode {
        /**
         * On the pool when the store is durable ({@link io.partita.storage.DurableStorage}: a write may wait for the
         * disk), on the event loop when it is in memory (operations are short, and a hand-off costs more throughput
         * than it saves; see the server's README for the measurement).
         */
        AUTO,
        /** Every operation on its connection's event loop. */
        EVENT_LOOP,
        /** Every operation on the pool, whatever the store. */
        EXECUTOR
    }

    /**
     * Enough threads for concurrent durable writes to share their log syncs (group commit) while others wait for
     * the disk: 16, or twice the processors on a larger machine.
     */
    public static final int DEFAULT_THREADS =
            Math.max(16, 2 * Runtime.getRuntime().availableProcessors());

    /** Up to this many operations wait for a thread before requests are throttled. */
    public static final int DEFAULT_QUEUE = 1024;

    public Execution {
        if (mode == null) {
            throw new IllegalArgumentException("execution mode must be one of AUTO, EVENT_LOOP, EXECUTOR, got null");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("executor threads must be at least 1, got " + threads);
        }
        if (queue < 0) {
            throw new IllegalArgumentException("executor queue must be 0 or more, got " + queue);
        }
    }

    public static Execution defaults() {
        return new Execution(Mode.AUTO, DEFAULT_THREADS, DEFAULT_QUEUE);
    }

    public Execution mode(Mode mode) {
        return new Execution(mode, threads, queue);
    }

    public Execution threads(int threads) {
        return new Execution(mode, threads, queue);
    }

    public Execution queue(int queue) {
        return new Execution(mode, threads, queue);
    }

    /** Whether operations on {@code storage} run on the pool. */
    boolean offloads(io.partita.storage.Storage storage) {
        return switch (mode) {
            case EXECUTOR -> true;
            case EVENT_LOOP -> false;
            case AUTO -> storage instanceof io.partita.storage.DurableStorage;
        };
    }
}
