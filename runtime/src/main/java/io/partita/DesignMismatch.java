package io.partita;

import java.util.Objects;

/**
 * One difference between a deployed table and the compiled design: which table (logical and deployed name),
 * which index ({@code null} for the table itself), what the design expects and what DescribeTable found.
 */
public record DesignMismatch(
        Kind kind, String table, String deployedTable, String index, String expected, String found) {
    /** What differs. */
    public enum Kind {
        /** The table does not exist. */
        MISSING_TABLE,
        /** A global secondary index of the design does not exist on the table. */
        MISSING_GSI,
        /** A local secondary index of the design does not exist on the table. */
        MISSING_LSI,
        /** The key attributes (names, roles or order) of the table or an index differ. */
        KEY_SCHEMA,
        /** A key attribute has another type (S, N, B). */
        KEY_TYPE,
        /** An index does not project an attribute that a generated view or the entity reads through it. */
        PROJECTION,
        /** The table's billing mode differs from the one the design declares. */
        BILLING_MODE,
        /**
         * The design has a time-to-live attribute ({@code @Ttl}) but the table has time to live disabled, or
         * enabled on another attribute: expired items would never be deleted, or the wrong ones would.
         */
        TIME_TO_LIVE
    }

    public DesignMismatch {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(table, "table");
    }

    @Override
    public String toString() {
        return kind + " " + table + (table.equals(deployedTable) ? "" : " (deployed as " + deployedTable + ")")
                + (index == null ? "" : " index " + index) + ": expected " + expected + ", found " + found;
    }
}
