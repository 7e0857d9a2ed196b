package io.partita;

/**
 * Receives every request a database sends (repositories, gathers, scans, batches, transactions, table
 * operations excluded), once it completed or failed. Called on the thread that sent the request (a gather's
 * worker threads too), so it must be thread-safe and quick. Set with {@link Partita.Builder#listener}; the
 * Micrometer binding ({@code partita-micrometer}) is one.
 */
@FunctionalInterface
public interface RequestListener {
    void onRequest(RequestEvent event);

    /** A listener calling {@code first}, then {@code second}. */
    static RequestListener both(RequestListener first, RequestListener second) {
        return e -> {
            first.onRequest(e);
            second.onRequest(e);
        };
    }
}
