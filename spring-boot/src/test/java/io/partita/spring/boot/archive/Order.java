package io.partita.spring.boot.archive;

import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;

/** Shares its simple name with {@code shop.Order}. */
@Table(name = "ArchivedOrders")
public record Order(@PartitionKey String orderId, long totalCents) {}
