/**
 * The storage engine behind {@link io.partita.storage.Storage}. Internal: everything here is
 * package-private except {@link io.partita.storage.engine.Engine#create}.
 *
 * <p>Layout: every structure (table items, each LSI, each GSI) is a {@link io.partita.storage.engine.PartitionedMap}
 * keyed by {@link io.partita.storage.engine.OrderKey}: a 4-byte partition hash followed by the
 * order-preserving {@link io.partita.storage.engine.KeyCodec} encoding of the key parts. A write plans
 * every index change ({@link io.partita.storage.engine.Mutation}) before applying any, under the item's
 * partition stripe lock; {@link io.partita.storage.engine.Invariants} proves the indexes agree with their
 * table.
 */
package io.partita.storage.engine;
