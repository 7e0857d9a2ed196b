package io.partita.samples.orders;

import io.partita.Partita;
import io.partita.samples.TextTable;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/** Seed {@code 003}: every query of the seed's Orders table, each served by the index designed for it. */
public final class OrdersSample {
    /** "Today" for the sample, so the output never changes. */
    public static final LocalDate TODAY = LocalDate.parse("2024-05-20");

    private final OrderRepository orders;

    public OrdersSample(Partita db) {
        this.orders = OrderRepository.of(db);
    }

    public OrderRepository orders() {
        return orders;
    }

    public void loadFixtures() {
        Object[][] rows = {
            {"o-1001", "c-7", "2024-04-02", OrderStatus.DELIVERED, "120.00"},
            {"o-1002", "c-7", "2024-04-28", OrderStatus.SHIPPED, "35.50"},
            {"o-1003", "c-7", "2024-05-08", OrderStatus.PENDING, "89.99"},
            {"o-1004", "c-7", "2024-05-13", OrderStatus.PENDING, "14.20"},
            {"o-1005", "c-7", "2024-05-18", OrderStatus.PENDING, "250.00"},
            {"o-1006", "c-7", "2024-05-19", OrderStatus.PAID, "9.90"},
            {"o-2001", "c-9", "2024-05-01", OrderStatus.PENDING, "42.00"},
            {"o-2002", "c-9", "2024-05-10", OrderStatus.SHIPPED, "18.75"},
            {"o-3001", "c-4", "2024-05-15", OrderStatus.SHIPPED, "64.10"},
        };
        for (Object[] r : rows) {
            orders.put(new Order(
                    (String) r[0],
                    (String) r[1],
                    LocalDate.parse((String) r[2]),
                    (OrderStatus) r[3],
                    new BigDecimal((String) r[4]),
                    "1 Main St"));
        }
    }

    /** Q: all orders of a customer, newest first — OrderId, OrderDate and Status from the projection. */
    public List<OrderCustomerOrdersIndexView> ordersOf(String customer) {
        return orders.customerOrdersIndex(customer).descending().list();
    }

    /** Q: a customer's orders in a date range. */
    public List<OrderCustomerOrdersIndexView> ordersBetween(String customer, LocalDate from, LocalDate to) {
        return orders.customerOrdersIndex(customer)
                .orderDate()
                .between(from, to)
                .list();
    }

    /** Q: pending orders of a customer (first part of the composite sort key). */
    public List<OrderCustomerStatusIndexView> pendingOf(String customer) {
        return orders.customerStatusIndex(customer).status(OrderStatus.PENDING).list();
    }

    /** Q: pending orders of a customer more than {@code days} days old (both parts of the composite sort key). */
    public List<OrderCustomerStatusIndexView> pendingOlderThan(String customer, int days) {
        return orders.customerStatusIndex(customer)
                .status(OrderStatus.PENDING)
                .orderDate()
                .lt(TODAY.minusDays(days))
                .list();
    }

    /** Q: every order in one status, across customers: gathers the 10 shards of StatusIndex, merged by date. */
    public List<OrderStatusIndexView> inStatus(OrderStatus status) {
        return orders.statusIndex(status).list();
    }

    public void run(PrintStream out) {
        out.println("== 3. Orders, designed query-first: one index per query, projections per query (seed 003) ==");
        loadFixtures();
        out.println(
                "orders.customerOrdersIndex(\"c-7\").descending().list()   // OrderId, OrderDate, Status of all orders");
        TextTable all = TextTable.of("OrderId", "OrderDate", "Status");
        ordersOf("c-7").forEach(o -> all.row(o.orderId(), o.orderDate(), o.status()));
        all.print(out);
        out.println("orders.customerOrdersIndex(\"c-7\").orderDate().between(2024-05-01, 2024-05-15).list()");
        TextTable range = TextTable.of("OrderId", "OrderDate", "Status");
        ordersBetween("c-7", LocalDate.parse("2024-05-01"), LocalDate.parse("2024-05-15"))
                .forEach(o -> range.row(o.orderId(), o.orderDate(), o.status()));
        range.print(out);
        out.println("orders.customerStatusIndex(\"c-7\").status(PENDING).list()   // sort key Status:OrderDate");
        TextTable pending = TextTable.of("OrderId", "Status", "OrderDate", "Total");
        pendingOf("c-7")
                .forEach(o -> pending.row(
                        o.orderId(), o.status(), o.orderDate(), o.total().setScale(2)));
        pending.print(out);
        out.println("orders.customerStatusIndex(\"c-7\").status(PENDING).orderDate().lt(" + TODAY.minusDays(5)
                + ").list()   // pending for more than 5 days on " + TODAY);
        TextTable old = TextTable.of("OrderId", "Status", "OrderDate", "Total");
        pendingOlderThan("c-7", 5)
                .forEach(o -> old.row(
                        o.orderId(), o.status(), o.orderDate(), o.total().setScale(2)));
        old.print(out);
        out.println(
                "orders.statusIndex(SHIPPED).list()   // Status sharded over 10 partitions, gathered and merged by OrderDate");
        TextTable shipped = TextTable.of("OrderId", "Status", "OrderDate");
        inStatus(OrderStatus.SHIPPED).forEach(o -> shipped.row(o.orderId(), o.status(), o.orderDate()));
        shipped.print(out);
        out.println();
    }
}
