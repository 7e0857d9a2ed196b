package io.partita.processor.model;

/**
 * A value the repository writes itself: {@code @CreatedAt}, {@code @UpdatedAt} or {@code @Counter} on a field.
 *
 * @param kind which annotation
 * @param delta what every update adds (counters; 0 otherwise)
 * @param start the value of a counter never written (counters; 0 otherwise)
 * @param origin the annotation
 */
public record AutoValue(Kind kind, long delta, long start, Origin origin) {

    /** The three annotations. */
    public enum Kind {
        CREATED_AT("@CreatedAt"),
        UPDATED_AT("@UpdatedAt"),
        COUNTER("@Counter");

        private final String annotation;

        Kind(String annotation) {
            this.annotation = annotation;
        }

        /** The annotation as written, for messages. */
        public String annotation() {
            return annotation;
        }
    }

    public boolean isTimestamp() {
        return kind != Kind.COUNTER;
    }
}
