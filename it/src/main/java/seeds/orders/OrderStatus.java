package seeds.orders;

/** Few values: a partition key on it needs write sharding. */
public enum OrderStatus {
    PENDING,
    PAID,
    SHIPPED,
    DELIVERED
}
