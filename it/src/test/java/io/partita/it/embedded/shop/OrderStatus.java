package io.partita.it.embedded.shop;

/**
 * More than ten constants on purpose: GSI1 is partitioned by status, and a partition key with ten values or fewer
 * is reported as low-cardinality (LowCardinalityPartitionKey, a warning, an error under this module's -Werror)
 * unless scattered; a scattered key would add a shard suffix to the GSI1PK values the tests read raw.
 */
public enum OrderStatus {
    PENDING,
    SHIPPED,
    DELIVERED,
    CANCELLED,
    RETURNED,
    REFUNDED,
    ON_HOLD,
    BACKORDERED,
    PACKED,
    IN_TRANSIT,
    LOST
}
