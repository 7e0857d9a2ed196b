package io.partita.it.migrate;

import io.partita.annotations.Gsi;
import io.partita.annotations.Table;

/** The table of the migration tests, in its new design (see {@link MigOrder}); {@code ByCustomer} is new in it. */
@Table(name = "MigShop", partitionKey = "PK", sortKey = "SK")
@Gsi(name = "ByCustomer", partitionKey = "GSI1PK", sortKey = "GSI1SK")
public interface MigShop {}
