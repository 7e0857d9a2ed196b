package io.partita.benchmarks.migration;

import io.partita.annotations.Table;

/** The table {@link MigrationBench} migrates. */
@Table(name = "BenchOrders", partitionKey = "PK", sortKey = "SK")
public interface BenchOrders {}
