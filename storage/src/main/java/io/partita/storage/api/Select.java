package io.partita.storage.api;

/**
 * Which attributes a Query or Scan returns. Without a projection expression the default is
 * {@code ALL_ATTRIBUTES} on a table and {@code ALL_PROJECTED_ATTRIBUTES} on an index.
 */
public enum Select {
    ALL_ATTRIBUTES,
    ALL_PROJECTED_ATTRIBUTES,
    SPECIFIC_ATTRIBUTES,
    COUNT
}
