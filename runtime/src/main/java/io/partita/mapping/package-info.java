/**
 * Mapping between Java values and items, without reflection: {@link io.partita.mapping.ItemSchema} (built by
 * generated code from accessor and constructor lambdas, or on {@link io.partita.mapping.AbstractItemSchema}),
 * {@link io.partita.mapping.AttributeCodec} and the
 * built-in {@link io.partita.mapping.Codecs}, the {@link io.partita.mapping.AttributeConverter} hook for user
 * types, {@link io.partita.mapping.KeyFormat} for order-preserving key-template renderings, and
 * {@link io.partita.mapping.DynamoDbJson} for DynamoDB's wire JSON. Users implement converters and codecs and meet
 * {@link io.partita.mapping.MappingException}; schemas, codecs and key renderings share package-private fast paths
 * (the fixed-width time text), so the schema base generated code extends stays here with them.
 *
 * <p>Must not import: {@code java.lang.reflect}, {@code io.partita.storage.engine}, {@code io.partita.repository},
 * {@code io.partita.generated}, {@code io.partita} (the entry point). Uses only the storage core's value types.
 */
package io.partita.mapping;
