package io.partita.storage.api;

/** One stream as ListStreams lists it. */
public record StreamSummary(String streamArn, String tableName, String streamLabel) {}
