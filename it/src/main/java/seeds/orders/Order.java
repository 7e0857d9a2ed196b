package seeds.orders;

import io.partita.annotations.Attribute;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Scatter;
import io.partita.annotations.Sparse;
import io.partita.annotations.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Query-first design: every access pattern has an index.
 * CustomerOrdersIndex: a customer's orders by date. CustomerStatusIndex: a customer's orders by the composite
 * sort key Status then OrderDate. PendingIndex: sparse, only orders waiting for payment. StatusIndex: all
 * orders in one status, write-sharded because Status has four values.
 */
@Table(name = "Orders")
@Scatter(index = "StatusIndex", shards = 10, by = "orderId")
public record Order(
        @PartitionKey @Attribute("OrderId") String orderId,

        @GsiKey(index = "CustomerOrdersIndex")
        @GsiKey(index = "CustomerStatusIndex")
        @GsiKey(index = "PendingIndex")
        @Attribute("CustomerId")
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

        @Sparse @GsiKey(index = "PendingIndex", role = KeyRole.SORT) @Attribute("PendingSince")
        Instant pendingSince,

        @Attribute("Total") BigDecimal total) {}
