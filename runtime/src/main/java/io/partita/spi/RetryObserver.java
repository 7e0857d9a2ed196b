package io.partita.spi;

/** Told by {@link RetryingBackend} about each retry it makes (for metrics and logging). */
@FunctionalInterface
public interface RetryObserver {
    /** Attempt {@code attempt} (1-based) failed with {@code cause} and the request is about to be sent again. */
    void retrying(int attempt, RuntimeException cause);

    /** Observes nothing. */
    RetryObserver NONE = (attempt, cause) -> {};
}
