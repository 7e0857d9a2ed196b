package io.partita.benchmarks.mapping;

/** The order's lifecycle; stored by name on both sides. */
public enum OrderStatus {
    PENDING,
    PAID,
    SHIPPED,
    DELIVERED,
    CANCELLED
}
