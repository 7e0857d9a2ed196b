/**
 * What users name: {@link io.partita.Partita} (the database), {@link io.partita.Page} and
 * {@link io.partita.Cursor} (paging), {@link io.partita.Key}, {@link io.partita.Condition} and
 * {@link io.partita.Field} (typed keys, conditions and update targets), {@link io.partita.Transaction} and
 * {@link io.partita.BatchWrite} (multi-item writes across repositories), {@link io.partita.ItemsByKey}
 * (multi-item reads). Errors are the storage core's {@code io.partita.storage.*Exception} types.
 *
 * <p>Must not import: {@code java.lang.reflect}, {@code io.partita.storage.engine}.
 */
package io.partita;
