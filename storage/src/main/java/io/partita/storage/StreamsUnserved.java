package io.partita.storage;

/**
 * The answer of a {@link Backend} that does not serve DynamoDB Streams. Its own class, so that the exception class is
 * loaded when a stream operation is refused, not when {@code Backend} is verified at a database's first use (the
 * interface throws a {@code RuntimeException}, which the JVM has loaded already).
 */
final class StreamsUnserved {
    private StreamsUnserved() {}

    /** The {@link UnsupportedOperationException} to throw, naming the backend's class. */
    static RuntimeException refusal(Backend backend) {
        return new UnsupportedOperationException(
                Message.StreamsUnsupported.format(backend.getClass().getName()));
    }
}
