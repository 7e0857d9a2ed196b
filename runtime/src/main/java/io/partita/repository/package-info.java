/**
 * The support API generated repositories are built on: {@link io.partita.repository.EntityRepository} (base of
 * {@code <Entity>Repository}), {@link io.partita.repository.TableRepository} (base of a shared table's
 * repository), {@link io.partita.repository.EntityMapping} (keys, computed attributes, discriminator,
 * version, sparse rules), {@link io.partita.repository.QueryBuilder} /
 * {@link io.partita.repository.ConsistentQueryBuilder} with {@link io.partita.repository.SortKeyCondition}
 * (query builders and their terminals), {@link io.partita.repository.Update} (partial updates) and
 * {@link io.partita.repository.CreateTableJson}.
 *
 * <p>Must not import: {@code java.lang.reflect}, {@code io.partita.storage.engine} (only the storage core's
 * public API: {@code io.partita.storage}, {@code .api}, {@code .schema}, {@code .value}).
 */
package io.partita.repository;
