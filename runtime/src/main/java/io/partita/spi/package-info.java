/**
 * The backend SPI: {@link io.partita.spi.Backend} is everything a {@link io.partita.Partita} asks of a store,
 * in the storage core's request/response records; {@link io.partita.spi.EmbeddedBackend} is the bundled core.
 * Depends only on {@code io.partita.storage}'s public API (never on {@code io.partita.storage.engine}).
 */
package io.partita.spi;
