package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.MissingIndexKeyException;
import io.partita.Partita;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.orders.Order;
import seeds.orders.OrderRepository;
import seeds.orders.OrderStatus;

/** Seed 3: query-first orders: customer/date GSI, composite Status+OrderDate, sparse pending index, scatter. */
class OrdersTest {
    private final Partita db = TestDatabase.open();
    private final OrderRepository orders = OrderRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    private static Order order(String id, String customer, String date, OrderStatus status, Instant pending) {
        return new Order(id, customer, LocalDate.parse(date), status, pending, new BigDecimal("19.90"));
    }

    private void seed() {
        orders.put(order("o1", "c1", "2024-01-05", OrderStatus.PAID, null));
        orders.put(order("o2", "c1", "2024-02-10", OrderStatus.PENDING, Instant.parse("2024-02-10T08:00:00Z")));
        orders.put(order("o3", "c1", "2024-03-15", OrderStatus.SHIPPED, null));
        orders.put(order("o4", "c1", "2024-03-20", OrderStatus.PAID, null));
        orders.put(order("o5", "c2", "2024-03-01", OrderStatus.PENDING, Instant.parse("2024-03-01T08:00:00Z")));
    }

    @Test
    void customerOrdersByDateRange() {
        seed();
        assertThat(orders.customerOrdersIndex("c1")
                        .orderDate()
                        .between(LocalDate.parse("2024-02-01"), LocalDate.parse("2024-03-16"))
                        .list())
                .extracting(Order::orderId)
                .containsExactly("o2", "o3");
        assertThat(orders.customerOrdersIndex("c1").descending().first())
                .map(Order::orderId)
                .contains("o4");
    }

    @Test
    void compositeStatusThenDateIsAStagedBuilder() {
        seed();
        assertThat(orders.customerStatusIndex("c1").status(OrderStatus.PAID).list())
                .extracting(Order::orderId)
                .containsExactly("o1", "o4");
        assertThat(orders.customerStatusIndex("c1")
                        .status(OrderStatus.PAID)
                        .orderDate()
                        .gt(LocalDate.parse("2024-02-01"))
                        .list())
                .extracting(Order::orderId)
                .containsExactly("o4");
        assertThat(orders.customerStatusIndex("c1")
                        .status()
                        .eq(OrderStatus.SHIPPED)
                        .count())
                .isEqualTo(1);
    }

    @Test
    void sparsePendingIndexHoldsOnlyPendingOrders() {
        seed();
        assertThat(orders.pendingIndex("c1").list()).extracting(Order::orderId).containsExactly("o2");
        orders.update("o2")
                .set(OrderRepository.PENDING_SINCE, null)
                .set(OrderRepository.STATUS, OrderStatus.PAID)
                .execute();
        assertThat(orders.pendingIndex("c1").list()).isEmpty();
    }

    @Test
    void aNullNonSparseIndexKeyNamesFieldAndIndexAndWritesNothing() {
        assertThatThrownBy(() -> orders.put(order("o9", null, "2024-01-01", OrderStatus.PAID, null)))
                .isInstanceOfSatisfying(MissingIndexKeyException.class, e -> {
                    assertThat(e.fieldName()).isEqualTo("customerId");
                    assertThat(e.indexName()).isIn("CustomerOrdersIndex", "CustomerStatusIndex", "PendingIndex");
                    assertThat(e.getMessage()).contains("customerId").contains(e.indexName());
                });
        assertThat(orders.get("o9")).isEmpty();
    }

    @Test
    void statusIndexQueriesAllOrdersOfOneStatus() {
        seed();
        assertThat(orders.statusIndex(OrderStatus.PAID).list())
                .extracting(Order::orderId)
                .containsExactly("o1", "o4");
        assertThat(orders.get("o2")).map(Order::status).contains(OrderStatus.PENDING);
    }
}
