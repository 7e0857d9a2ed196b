package io.partita.storage;

/**
 * The answer of a {@link Backend} that does not serve DynamoDB Streams. Its own class, so that the exception class is
 * loaded when a stream operation is refused, not when {@code Backend} is verified at a database's first use.
 */
final class StreamsUnserved {
    private StreamsUnserved() {}

    /** Throws {@link UnsupportedOperationException} naming the backend's class; declared to return for the caller. */
    static <T> T by(Backend backend) {
        throw new UnsupportedOperationException(
                Message.StreamsUnsupported.format(backend.getClass().getName()));
    }
}
