package io.partita.spi;

/** Told by {@link RetryingBackend} about each retry it makes (for metrics and logging). */
@FunctionalInterface
public interface RetryObserver {
    /** Attempt {@code attempt} (1-based) failed with {@code cause} and the request is about to be sent again. */
    void retrying(int attempt, RuntimeException cause);

    /**
     * The observer of one request's retries, asked once when an asynchronous request starts (on the calling
     * thread; its retries may be told on other threads). Default: this observer.
     */
    default RetryObserver forRequest() {
        return this;
    }

    /**
     * Observes nothing. (An anonymous class, not a lambda: this interface is initialized with the first database,
     * and a lambda here would be bootstrapped then.)
     */
    RetryObserver NONE = new RetryObserver() {
        @Override
        public void retrying(int attempt, RuntimeException cause) {}
    };
}
