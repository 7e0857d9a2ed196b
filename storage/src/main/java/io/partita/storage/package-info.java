/**
 * The bundled storage core: an embedded, index-aware table engine with DynamoDB's data model, index
 * semantics, limits and errors. Start at {@link io.partita.storage.Storage}.
 *
 * <p>Owns: tables, global and local secondary indexes (projections, sparse indexes, multi-attribute GSI
 * keys, live GSI creation with backfill), the expression language, consistency (strong base/LSI reads,
 * SYNC or ASYNC GSI propagation on an injectable clock), capacity accounting and item collections.
 *
 * <p>Must not import: anything in {@code io.partita} outside {@code io.partita.storage} (the core knows
 * nothing of entities, mapping or repositories), any AWS SDK class, Jackson, or {@code java.lang.reflect}.
 * Data flows one way: the runtime calls the core, never the reverse.
 *
 * <p>Packages: {@code value} (attribute values, number rules, sizes, key order), {@code schema} (table and
 * index definitions), {@code api} (request and response records), {@code expression} (parser and
 * evaluator), {@code engine} (the implementation: key encoding, partitioned ordered maps, writes, reads,
 * capacity, invariant checking).
 *
 * <p>Messages: the text of every error the core reports is a constant of {@link io.partita.storage.Message},
 * the core's message catalogue ({@code expression}'s messages are still to move there).
 */
package io.partita.storage;
