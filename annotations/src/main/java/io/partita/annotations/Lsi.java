package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a local secondary index (LSI): the table's own partition key with an alternate sort key.
 *
 * <p>An LSI lives in the same partitions as the table ("local"), supports strongly consistent reads and
 * fetches unprojected attributes from the table on demand. It requires a table with a sort key, must be
 * created together with the table (it cannot be added later), and a table with LSIs limits every item
 * collection (all items sharing one partition key value, with their index entries) to 10 GB.
 * At most 5 LSIs per table.
 * <pre>{@code
 * @Table(name = "Thread")
 * @Lsi(name = "LastPostIndex", projection = Projection.INCLUDE, include = "replies")
 * public record Thread(@PartitionKey String forumName, @SortKey String subject,
 *                      @LsiKey(index = "LastPostIndex") Instant lastPostDateTime,
 *                      int replies, List<String> tags) {}
 * }</pre>
 * On a single-entity table the annotation is optional (default projection {@code ALL}) and the sort key
 * comes from an {@link LsiKey} field; on a shared table it names the sort-key attribute that entities
 * fill through type-level {@link LsiKey} templates.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Lsi.List.class)
public @interface Lsi {
    /** The index name: 3–255 characters of {@code [a-zA-Z0-9_.-]}, unique within the table. */
    String name() default "";

    /** Shared tables only: the alternate sort-key attribute filled by type-level {@link LsiKey} templates. */
    String sortKey() default "";

    /** Which attributes the index copies; default {@link Projection#ALL}. */
    Projection projection() default Projection.ALL;

    /** With {@link Projection#INCLUDE}: the non-key attributes (stored names) to copy. */
    String[] include() default {};

    /** Container of repeated {@link Lsi} annotations. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.TYPE)
    @interface List {
        /** The repeated annotations. */
        Lsi[] value();
    }
}
