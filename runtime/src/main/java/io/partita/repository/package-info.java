/**
 * The repository API users see through generated repositories: {@link io.partita.repository.EntityRepository}
 * (base of {@code <Entity>Repository}: get, put, delete, update, scan, its
 * {@link io.partita.repository.AsyncRepository} and {@link io.partita.repository.MeasuredRepository} views),
 * {@link io.partita.repository.TableRepository} (base of a shared table's repository),
 * {@link io.partita.repository.QueryBuilder} / {@link io.partita.repository.ConsistentQueryBuilder} with
 * {@link io.partita.repository.SortKeyCondition} (query builders and their terminals),
 * {@link io.partita.repository.Update} (partial updates), {@link io.partita.repository.ParallelScan} and
 * {@link io.partita.repository.CreateTableJson}; and, package-private, the query engine behind them (key
 * conditions, gathers over scattered shards, their merge). What only generated code calls is in
 * {@code io.partita.generated}.
 *
 * <p>Must not import: {@code java.lang.reflect}, {@code io.partita.storage.engine} (only the storage core's
 * public API: {@code io.partita.storage}, {@code .api}, {@code .schema}, {@code .value}).
 */
package io.partita.repository;
