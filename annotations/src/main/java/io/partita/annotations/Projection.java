package io.partita.annotations;

/**
 * Which attributes a secondary index copies ("projects") from the base table.
 *
 * <p>Every index always holds the table's key attributes and the index's own key attributes.
 * A smaller projection makes the index cheaper to store and to write; a query that needs an
 * attribute that is not projected costs a second read (LSI) or is impossible (GSI).
 */
public enum Projection {
    /** Every attribute of the item. Index queries return the whole entity. */
    ALL,
    /** Only the table and index key attributes: the smallest possible index. */
    KEYS_ONLY,
    /** The key attributes plus the non-key attributes listed in the index's {@code include}. */
    INCLUDE
}
