/**
 * The storage engine behind {@link io.partita.storage.Storage}. Internal: everything here is
 * package-private except {@link io.partita.storage.engine.Engine#create}.
 *
 * <p>Data layout: every structure (table items, each LSI, each GSI) is a {@link io.partita.storage.engine.PartitionedMap}
 * keyed by {@link io.partita.storage.engine.OrderKey}: a 4-byte partition hash followed by the
 * order-preserving {@link io.partita.storage.engine.KeyCodec} encoding of the key parts. A write plans
 * every index change ({@link io.partita.storage.engine.Mutation}) before applying any, under the item's
 * partition stripe lock.
 *
 * <p>Classes by responsibility ({@link io.partita.storage.engine.Engine} only wires them and delegates):
 * <ul>
 *   <li>{@link io.partita.storage.engine.Catalog}: the tables; creation, deletion, GSIs added (with backfill) or deleted.</li>
 *   <li>{@link io.partita.storage.engine.ItemWrites}: PutItem, UpdateItem, DeleteItem; the one locked write path
 *       (condition, new item, {@code Mutation} planned, charged, applied).</li>
 *   <li>{@link io.partita.storage.engine.ItemRules}: what a write may store (names, values, size, index key values,
 *       key attributes an update may not touch), for every write path.</li>
 *   <li>{@link io.partita.storage.engine.Reads}: GetItem, Query and Scan.</li>
 *   <li>{@link io.partita.storage.engine.Batches}: BatchGetItem and BatchWriteItem (validated whole, unprocessed keys).</li>
 *   <li>{@link io.partita.storage.engine.Transactions}: TransactWriteItems and TransactGetItems (global lock order,
 *       one record per action, cancellation reasons).</li>
 *   <li>{@link io.partita.storage.engine.IndexPropagation}: SYNC or ASYNC GSI propagation and draining.</li>
 *   <li>{@link io.partita.storage.engine.Invariants}: proves the indexes agree with their table.</li>
 *   <li>{@link io.partita.storage.engine.ThroughputPolicy}: throttling, a no-op by default or
 *       {@link io.partita.storage.engine.TokenBucketThroughput}, DynamoDB's provisioned-throughput model.</li>
 *   <li>Below them: {@link io.partita.storage.engine.TableData} / {@link io.partita.storage.engine.IndexData} (live data,
 *       locks, counters), {@link io.partita.storage.engine.TableShape} / {@link io.partita.storage.engine.IndexShape}
 *       (compiled key schemas and projections), {@link io.partita.storage.engine.Schemas} (CreateTable validation),
 *       {@link io.partita.storage.engine.KeyRules} and {@link io.partita.storage.engine.KeyRange} (key values and key
 *       conditions), {@link io.partita.storage.engine.Meter} (consumed capacity).</li>
 * </ul>
 *
 * <p>Every {@code ValidationException} message comes from the core's catalogue, {@link io.partita.storage.Message}.
 */
package io.partita.storage.engine;
