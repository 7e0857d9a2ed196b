/**
 * The backend SPI. The operation surface itself is the core's {@link io.partita.storage.Backend}: the embedded
 * core ({@link io.partita.storage.Storage}) and the DynamoDB adapter implement it, and a
 * {@link io.partita.Partita} takes any of them. This package holds what decorates one:
 * {@link io.partita.spi.ForwardingBackend} (the base of every decorator) and
 * {@link io.partita.spi.RetryingBackend} (throttling retries under a {@link io.partita.spi.Backoff}).
 * Depends only on {@code io.partita.storage}'s public API (never on {@code io.partita.storage.engine}) and on
 * nothing else of the runtime.
 */
package io.partita.spi;
