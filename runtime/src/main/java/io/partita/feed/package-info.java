/**
 * Change feeds: how a {@link io.partita.ChangeFeed} follows a table's stream through the
 * {@link io.partita.storage.Backend}'s stream methods ({@code ShardFollower}), decodes records into
 * {@link io.partita.Change}s ({@code ChangeDecoder}) and runs a {@link io.partita.Subscription}; the checkpoint stores
 * ({@link io.partita.feed.MemoryCheckpointStore}, {@link io.partita.feed.TableCheckpointStore});
 * {@link io.partita.feed.ChangeSource}, which generated repositories of streamed tables implement; and
 * {@link io.partita.feed.ChangeFeeds}, what their {@code changes(...)} methods call.
 *
 * <p>Depends on {@code io.partita} (the user API the feed implements), {@code io.partita.generated} and
 * {@code io.partita.mapping} (the decoders); nothing but generated code and the integrations depends on it.
 */
package io.partita.feed;
