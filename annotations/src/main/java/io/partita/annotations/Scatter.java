package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Write-shards a global secondary index's partition key over {@link #shards()} values.
 *
 * <p>A GSI partition key with few distinct values (a status, a type, the current minute) sends every
 * write to one partition, which throttles at roughly 1000 writes per second per key value no matter how
 * much capacity is provisioned. Scattering appends a shard number to the key (or, for an index that
 * has only a sort key, makes the shard number the partition key), multiplying the partitions that
 * absorb writes; generated queries gather all shards in parallel and merge them in sort order.
 * <pre>{@code
 * @Scatter(index = "EventTimeIndex", shards = 100, by = "referrer")
 * }</pre>
 *
 * <p>The shard is a deterministic hash of {@link #by()}, or random when {@code by} is empty. Random
 * shards suit write-once items; for an entity that is updated in place every update may move the index
 * entry to another shard, so name a stable field in {@code by}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Scatter.List.class)
public @interface Scatter {
    /** The GSI to shard (LSIs share the base partition and cannot be sharded). */
    String index() default "";

    /** The number of shards, from 2 to 1000. */
    int shards() default 10;

    /** A scalar field whose hash chooses the shard; empty for a random shard per write. */
    String by() default "";

    /** Container of repeated {@link Scatter} annotations. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.TYPE)
    @interface List {
        /** The repeated annotations. */
        Scatter[] value();
    }
}
