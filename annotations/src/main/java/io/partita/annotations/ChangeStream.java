package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The table writes a change stream (DynamoDB Streams): one record per item-level change, carrying the images
 * {@link #value()} names. Put it on the {@code @Table} entity, or on a shared table's interface (or on its
 * {@code @Entity} types; all of them name the same view). The generated table definition, CreateTable JSON and
 * design report carry the stream, and the generated repository gains {@code changes()}: a typed
 * {@code io.partita.ChangeFeed} of the table's changes, each decoded by the generated schema (for a shared table,
 * into its entity type by the discriminator).
 * <pre>{@code
 * @Table(name = "AdClickEvents")
 * @ChangeStream(StreamView.NEW_IMAGE)
 * public record AdClickEvent(@PartitionKey String id, String referrer, Instant at) {}
 *
 * try (ChangeFeed<AdClickEvent> feed = events.changes()) {
 *     for (Change<AdClickEvent> c : feed.poll(Duration.ofSeconds(1))) { ... }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ChangeStream {
    /** What each record carries (default: both the old and the new item). */
    StreamView value() default StreamView.NEW_AND_OLD_IMAGES;
}
