package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the field that is the partition (hash) key of a single-entity {@link Table}.
 *
 * <p>DynamoDB hashes the partition key to choose the partition an item lives in; every read by key
 * and every query names it with equality. Choose a high-cardinality attribute so that traffic spreads
 * over many partitions. Exactly one field per table; its type must map to a DynamoDB String, Number
 * or Binary (strings, enums, UUIDs, {@code java.time} values, numbers, {@code byte[]}).
 * <pre>{@code
 * @Table(name = "GameScores")
 * public record GameScore(@PartitionKey String userId, @SortKey String gameTitle) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface PartitionKey {}
