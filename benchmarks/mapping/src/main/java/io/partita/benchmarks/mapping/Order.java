package io.partita.benchmarks.mapping;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;

/**
 * Issue 3's 10-attribute order, the Partita side: String x4, Instant, enum, BigDecimal, int, Set&lt;String&gt;, plus
 * the GSI partition key {@code warehouseId} (GSI {@code ByWarehouse}: warehouseId, createdAt). The processor generates
 * {@code OrderRepository} (with {@code SCHEMA}) from it; {@link OrderBean} is the same data for the Enhanced Client.
 */
@Table(name = "Orders")
public record Order(
        @PartitionKey String customerId,
        @SortKey String orderId,
        String shipCity,
        String note,
        @GsiKey(index = "ByWarehouse", role = KeyRole.SORT) Instant createdAt,
        OrderStatus status,
        BigDecimal total,
        int itemCount,
        Set<String> tags,
        @GsiKey(index = "ByWarehouse") String warehouseId) {}
