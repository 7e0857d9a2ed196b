package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a global secondary index (GSI): a second copy of the table's items, partitioned and sorted
 * by other attributes, so that an access pattern the primary key cannot serve becomes a query.
 *
 * <p>A GSI has its own partitions (no 10 GB item-collection limit), is maintained asynchronously
 * (reads are eventually consistent only) and costs a write for every table write that changes a
 * projected attribute. Items without the index key attributes are absent from it (a sparse index).
 *
 * <p>On a single-entity table the key comes from {@link GsiKey} fields and this annotation is optional
 * (it only sets the projection):
 * <pre>{@code
 * @Table(name = "GameScores")
 * @Gsi(name = "GameTitleIndex", projection = Projection.INCLUDE, include = {"wins", "losses"})
 * public record GameScore(@PartitionKey String userId,
 *                         @SortKey @GsiKey(index = "GameTitleIndex") String gameTitle,
 *                         @Sparse @GsiKey(index = "GameTitleIndex", role = KeyRole.SORT) Integer topScore,
 *                         int wins, int losses) {}
 * }</pre>
 * On a shared table it names the index's generic key attributes, which entities fill through
 * type-level {@link GsiKey} templates (index overloading):
 * {@code @Gsi(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")}.
 *
 * <p>At most 20 GSIs per table (DynamoDB's default quota; raise it with the processor option
 * {@code -Apartita.maxGsisPerTable=n} if your account's quota is higher).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Gsi.List.class)
public @interface Gsi {
    /** The index name: 3–255 characters of {@code [a-zA-Z0-9_.-]}, unique within the table. */
    String name() default "";

    /** Shared tables only: the partition-key attribute filled by overloaded {@link GsiKey} templates. */
    String partitionKey() default "";

    /** Shared tables only: the sort-key attribute filled by overloaded {@link GsiKey} templates, or empty. */
    String sortKey() default "";

    /** Which attributes the index copies; default {@link Projection#ALL}. */
    Projection projection() default Projection.ALL;

    /** With {@link Projection#INCLUDE}: the non-key attributes (stored names) to copy. At most 100 per table. */
    String[] include() default {};

    /** Container of repeated {@link Gsi} annotations. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.TYPE)
    @interface List {
        /** The repeated annotations. */
        Gsi[] value();
    }
}
