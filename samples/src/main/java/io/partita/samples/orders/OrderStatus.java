package io.partita.samples.orders;

/** Four values: as an index partition key on its own it would be a hot partition, so StatusIndex is sharded. */
public enum OrderStatus {
    PENDING,
    PAID,
    SHIPPED,
    DELIVERED
}
