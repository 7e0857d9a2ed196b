/**
 * What users name: {@link io.partita.Partita} (the database), {@link io.partita.Page} and
 * {@link io.partita.Cursor} (paging), {@link io.partita.Key}, {@link io.partita.Condition} and
 * {@link io.partita.Field} (typed keys, conditions and update targets), {@link io.partita.Transaction} and
 * {@link io.partita.BatchWrite} (multi-item writes across repositories), {@link io.partita.ItemsByKey}
 * (multi-item reads), and {@link io.partita.Repository} / {@link io.partita.PartialUpdate} (what transactions
 * and batches take; generated repositories and updates implement them). Change feeds: {@link io.partita.ChangeFeed},
 * {@link io.partita.Change}, {@link io.partita.Checkpoint}, {@link io.partita.ChangeHandler} and
 * {@link io.partita.Subscription} (implemented in {@code io.partita.feed}). Errors are the storage core's
 * {@code io.partita.storage.*Exception} types.
 *
 * <p>The user API only: machinery lives in {@code io.partita.spi} (backend decorators), {@code .repository}
 * (what generated code extends) and {@code .internal}. Must not import: {@code io.partita.repository},
 * {@code io.partita.io}, {@code java.lang.reflect}, {@code io.partita.storage.engine}.
 */
package io.partita;
