/**
 * What generated repositories call, and nothing a user should name: public only because generated code lives in the
 * user's packages, not for use in hand-written code, and free to change in any release along with the processor
 * that generates the calls.
 *
 * <p>{@link io.partita.generated.EntityMapping} (keys, computed attributes, discriminator, version, auto values and
 * sparse rules of an entity, with {@link io.partita.generated.AutoValues}), {@link io.partita.generated.QuerySpec}
 * (where a generated query builder's query runs and how its results are read),
 * {@link io.partita.generated.ItemDecoders} (a shared table's decoder), {@link io.partita.generated.Shards} (scatter
 * shard values) and {@link io.partita.generated.EpochSeconds} (the {@code @Ttl Instant} codec). The processor names
 * each of them in {@code io.partita.processor.generate.Runtime}.
 *
 * <p>Sits between the user-facing packages: depends on {@code io.partita} (the database, options, keys) and
 * {@code io.partita.mapping} (schemas and codecs), and on neither {@code io.partita.repository} (which builds on it)
 * nor {@code io.partita.spi}. Must not import {@code java.lang.reflect} or {@code io.partita.storage.engine}.
 */
package io.partita.generated;
