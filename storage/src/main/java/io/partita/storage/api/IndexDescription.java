package io.partita.storage.api;

/** Live figures of one index: its status, entry count and size in bytes. */
public record IndexDescription(String indexName, TableStatus status, long itemCount, long sizeBytes) {}
