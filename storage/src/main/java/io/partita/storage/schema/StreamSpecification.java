package io.partita.storage.schema;

/**
 * DynamoDB's StreamSpecification: whether a table writes a change stream, and what its records carry.
 * {@code viewType} is null when the stream is disabled; an enabled specification without one is refused by
 * CreateTable and UpdateTable with a {@code ValidationException}.
 */
public record StreamSpecification(boolean enabled, StreamViewType viewType) {
    /** No stream: the default of every table. */
    public static final StreamSpecification DISABLED = new StreamSpecification(false, null);

    public StreamSpecification {
        if (!enabled) {
            viewType = null;
        }
    }

    /** A stream whose records carry {@code viewType}. */
    public static StreamSpecification enabled(StreamViewType viewType) {
        return new StreamSpecification(true, viewType);
    }

    /** UpdateTable's request to turn the table's stream off. */
    public static StreamSpecification disabled() {
        return DISABLED;
    }
}
