package io.partita.storage.engine;

import io.partita.storage.expression.ConditionExpression;
import io.partita.storage.expression.Placeholders;
import io.partita.storage.expression.ProjectionExpression;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What one read needs of the entries it reads from a durable store: every attribute ({@link #ALL}), or only the
 * top-level attributes its projection, its filter and the key attributes name, so that an entry decoded from bytes
 * without being cached materialises only those ({@link ProjectedDecode}). Whether the read may fill the decoded cache
 * ({@link #caches}) is part of it: a Select=COUNT read returns no item and leaves the cache as it is. The names are
 * resolved on the first entry decoded partially, so a read served from the cache (or in memory) resolves nothing.
 */
final class Needs {
    /** Every attribute, and the read fills the cache as any read does. */
    static final Needs ALL = new Needs(null, null, null, null, true);

    private final ProjectionExpression projection;
    private final ConditionExpression filter;
    private final Placeholders placeholders;
    private final Collection<String> keys;
    private final boolean caches;
    /** The needed names as encoded in an item ({@link ProjectedDecode#nameBytes}), made on first use. */
    private byte[][] encoded;

    private Needs(
            ProjectionExpression projection,
            ConditionExpression filter,
            Placeholders placeholders,
            Collection<String> keys,
            boolean caches) {
        this.projection = projection;
        this.filter = filter;
        this.placeholders = placeholders;
        this.keys = keys;
        this.caches = caches;
    }

    /** A GetItem's or BatchGetItem's: its projection's attributes, or {@link #ALL} without one. */
    static Needs of(ProjectionExpression projection, Placeholders placeholders) {
        return projection == null ? ALL : new Needs(projection, null, placeholders, null, true);
    }

    /**
     * A Query's or Scan's: what its projection (none: only what the filter and {@code keys} name), filter and keys
     * name; {@code caches} false for a read that returns no item (Select=COUNT).
     */
    static Needs of(
            ProjectionExpression projection,
            ConditionExpression filter,
            Placeholders placeholders,
            Collection<String> keys,
            boolean caches) {
        return new Needs(projection, filter, placeholders, keys, caches);
    }

    /** Whether every attribute is needed. */
    boolean all() {
        return projection == null && filter == null && keys == null;
    }

    /** Whether the read may offer what it decodes (whole) to the decoded cache. */
    boolean caches() {
        return caches;
    }

    /** The needed names as their encoded bytes (not called on {@link #ALL}). */
    byte[][] encoded() {
        byte[][] e = encoded;
        if (e == null) {
            Set<String> names = new LinkedHashSet<>();
            if (projection != null) {
                names.addAll(projection.topLevelAttributes(placeholders));
            }
            if (filter != null) {
                names.addAll(filter.topLevelAttributes(placeholders));
            }
            if (keys != null) {
                names.addAll(keys);
            }
            e = new byte[names.size()][];
            int i = 0;
            for (String name : names) {
                e[i++] = ProjectedDecode.nameBytes(name);
            }
            encoded = e;
        }
        return e;
    }
}
