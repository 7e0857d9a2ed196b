package io.partita.benchmarks.mapping;

import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * Cold-start child, Partita's mapping only (the Enhanced Client child's counterpart): initializing the generated
 * {@code OrderRepository} class (its {@code SCHEMA}, {@code TABLE}, {@code MAPPING} and field constants), one
 * {@code SCHEMA.toItem} and one {@code SCHEMA.fromItem}. No database.
 */
public final class ColdPartitaSchema {
    private ColdPartitaSchema() {}

    public static void main(String[] args) {
        long cpu0 = ColdResult.threadCpuNanos();
        long t0 = System.nanoTime();
        long wall = System.currentTimeMillis();
        Order order = new Order(
                "customer-1",
                "order-00000001",
                "Seattle",
                "leave at the door",
                Instant.ofEpochSecond(1_700_000_000L, 123_456_789),
                OrderStatus.PAID,
                new BigDecimal("129.95"),
                3,
                Set.of("gift", "prio-1"),
                "wh-7");
        Map<String, AttributeValue> item = OrderRepository.SCHEMA.toItem(order);
        Order back = OrderRepository.SCHEMA.fromItem(item);
        if (!OrderCheck.same(back, order)) {
            throw new IllegalStateException("read back " + back);
        }
        long t1 = System.nanoTime();
        ColdResult.print("partita-schema", cpu0, t0, wall, t1, back);
    }
}
