/**
 * Mapping between Java values and items, without reflection: {@link io.partita.mapping.ItemSchema} (built by
 * generated code from accessor and constructor lambdas), {@link io.partita.mapping.AttributeCodec} and the
 * built-in {@link io.partita.mapping.Codecs}, the {@link io.partita.mapping.AttributeConverter} hook for user
 * types, {@link io.partita.mapping.KeyFormat} for order-preserving key-template renderings, and
 * {@link io.partita.mapping.DynamoDbJson} for DynamoDB's wire JSON.
 *
 * <p>Must not import: {@code java.lang.reflect}, {@code io.partita.storage.engine}, {@code io.partita.repository},
 * {@code io.partita} (the entry point). Uses only the storage core's value types.
 */
package io.partita.mapping;
