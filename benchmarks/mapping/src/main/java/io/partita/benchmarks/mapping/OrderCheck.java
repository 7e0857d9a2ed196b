package io.partita.benchmarks.mapping;

import java.util.Objects;

/**
 * Field-by-field equality for the cold-start children. Not {@code Order.equals}: a record's equals/hashCode/toString
 * are bootstrapped through {@code invokedynamic} ({@code java.lang.runtime.ObjectMethods}) on first call, which costs
 * tens of milliseconds in a fresh JVM and would be charged to Partita (the bean's hand-written equals has no such
 * cost).
 */
final class OrderCheck {
    private OrderCheck() {}

    /** Numbers keep their value, not their scale (as in DynamoDB): 1.50 and 1.5 are the same total. */
    private static boolean sameValue(java.math.BigDecimal a, java.math.BigDecimal b) {
        return a == null ? b == null : b != null && a.compareTo(b) == 0;
    }

    static boolean same(Order a, Order b) {
        return Objects.equals(a.customerId(), b.customerId())
                && Objects.equals(a.orderId(), b.orderId())
                && Objects.equals(a.shipCity(), b.shipCity())
                && Objects.equals(a.note(), b.note())
                && Objects.equals(a.createdAt(), b.createdAt())
                && a.status() == b.status()
                && sameValue(a.total(), b.total())
                && a.itemCount() == b.itemCount()
                && Objects.equals(a.tags(), b.tags())
                && Objects.equals(a.warehouseId(), b.warehouseId());
    }
}
