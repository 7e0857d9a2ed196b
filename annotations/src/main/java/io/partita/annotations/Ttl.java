package io.partita.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Time to live: the field holds the item's expiry time, and the table deletes the item in the background once that
 * time has passed (DynamoDB's TTL). The field is an {@link java.time.Instant} (stored as a Number of whole epoch
 * seconds, the form DynamoDB reads; the fraction of a second is dropped) or epoch seconds in a {@code long},
 * {@code Long}, {@code int} or {@code Integer}. A null (or absent) value never expires.
 *
 * <p>At most one per entity, never on a key attribute; the entities of a shared table that have one use the same
 * attribute name. Creating the table ({@code db.tables().create(...)}, or opening a repository on the embedded core)
 * enables time to live on it; {@code db.tables().check(...)} reports a table where it is disabled. Until the item is
 * deleted (on DynamoDB typically within a few days, on the embedded core within about a second) it is still
 * returned by reads, queries and scans: filter on the field when that matters.
 * <pre>{@code
 * @Ttl Instant expiresAt;   // e.g. Instant.now().plus(Duration.ofDays(30))
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Ttl {}
