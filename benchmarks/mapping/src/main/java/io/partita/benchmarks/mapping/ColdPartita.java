package io.partita.benchmarks.mapping;

import io.partita.Partita;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * Cold-start child, Partita's first repository use: {@code Partita.inMemory()}, {@code OrderRepository.of(db)}
 * (creates table Orders with GSI ByWarehouse in the embedded core), one {@code put}, one {@code get}. The clock
 * starts at the first statement of {@code main} and stops when the read-back order has been compared.
 */
public final class ColdPartita {
    private ColdPartita() {}

    public static void main(String[] args) {
        long cpu0 = ColdResult.threadCpuNanos();
        long t0 = System.nanoTime();
        long wall = System.currentTimeMillis();
        Partita db = Partita.inMemory();
        OrderRepository orders = OrderRepository.of(db);
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
        orders.put(order);
        Optional<Order> back = orders.get("customer-1", "order-00000001");
        if (!OrderCheck.same(back.orElseThrow(), order)) {
            throw new IllegalStateException("read back " + back);
        }
        long t1 = System.nanoTime();
        ColdResult.print("partita", cpu0, t0, wall, t1, back);
    }
}
