package io.partita.samples.orders;

import io.partita.annotations.Attribute;
import io.partita.annotations.Gsi;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Projection;
import io.partita.annotations.Scatter;
import io.partita.annotations.Table;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * An order, designed query-first (seed {@code 003}, "Designing GSIs query-first"): each of the seed's queries
 * picks an index, and each index projects only what its query reads.
 * <ul>
 *   <li>{@code CustomerOrdersIndex} (CustomerId, OrderDate) INCLUDE Status: a customer's orders by date, a date
 *       range, and "OrderId, OrderDate and Status of all orders of a customer" — one index reused three times.</li>
 *   <li>{@code CustomerStatusIndex} (CustomerId, Status:OrderDate) INCLUDE Total: pending orders of a customer,
 *       and those older than five days — a composite (multi-attribute) sort key.</li>
 *   <li>{@code StatusIndex} (Status, OrderDate) KEYS_ONLY: every order in one status. Status has four values,
 *       so the partition key is write-sharded over 10 suffixes and the query gathers them.</li>
 * </ul>
 */
@Table(name = "Orders")
@Gsi(name = "CustomerOrdersIndex", projection = Projection.INCLUDE, include = "Status")
@Gsi(name = "CustomerStatusIndex", projection = Projection.INCLUDE, include = "Total")
@Gsi(name = "StatusIndex", projection = Projection.KEYS_ONLY)
@Scatter(index = "StatusIndex", shards = 10, by = "orderId")
public record Order(
        @PartitionKey @Attribute("OrderId") String orderId,

        @GsiKey(index = "CustomerOrdersIndex") @GsiKey(index = "CustomerStatusIndex") @Attribute("CustomerId")
        String customerId,

        @GsiKey(index = "CustomerOrdersIndex", role = KeyRole.SORT)
        @GsiKey(index = "CustomerStatusIndex", role = KeyRole.SORT, order = 1)
        @GsiKey(index = "StatusIndex", role = KeyRole.SORT)
        @Attribute("OrderDate")
        LocalDate orderDate,

        @GsiKey(index = "CustomerStatusIndex", role = KeyRole.SORT, order = 0)
        @GsiKey(index = "StatusIndex")
        @Attribute("Status")
        OrderStatus status,

        @Attribute("Total") BigDecimal total,
        @Attribute("ShippingAddress") String shippingAddress) {}
