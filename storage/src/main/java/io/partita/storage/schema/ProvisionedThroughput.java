package io.partita.storage.schema;

/**
 * Read and write capacity units per second for a table or a GSI, used only when the provisioned-throughput
 * model is switched on (see {@code StorageOptions}).
 */
public record ProvisionedThroughput(long readCapacityUnits, long writeCapacityUnits) {}
