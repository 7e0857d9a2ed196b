package io.partita.benchmarks.mapping;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * {@link Order}'s attributes as the mutable JavaBean {@code TableSchema.fromBean} needs: same names, same types,
 * same keys (table customerId/orderId, GSI ByWarehouse warehouseId/createdAt), default converters only.
 */
@DynamoDbBean
public class OrderBean {
    private String customerId;
    private String orderId;
    private String shipCity;
    private String note;
    private Instant createdAt;
    private OrderStatus status;
    private BigDecimal total;
    private int itemCount;
    private Set<String> tags;
    private String warehouseId;

    public OrderBean() {}

    @DynamoDbPartitionKey
    public String getCustomerId() {
        return customerId;
    }

    public void setCustomerId(String customerId) {
        this.customerId = customerId;
    }

    @DynamoDbSortKey
    public String getOrderId() {
        return orderId;
    }

    public void setOrderId(String orderId) {
        this.orderId = orderId;
    }

    public String getShipCity() {
        return shipCity;
    }

    public void setShipCity(String shipCity) {
        this.shipCity = shipCity;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    @DynamoDbSecondarySortKey(indexNames = "ByWarehouse")
    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }

    public OrderStatus getStatus() {
        return status;
    }

    public void setStatus(OrderStatus status) {
        this.status = status;
    }

    public BigDecimal getTotal() {
        return total;
    }

    public void setTotal(BigDecimal total) {
        this.total = total;
    }

    public int getItemCount() {
        return itemCount;
    }

    public void setItemCount(int itemCount) {
        this.itemCount = itemCount;
    }

    public Set<String> getTags() {
        return tags;
    }

    public void setTags(Set<String> tags) {
        this.tags = tags;
    }

    @DynamoDbSecondaryPartitionKey(indexNames = "ByWarehouse")
    public String getWarehouseId() {
        return warehouseId;
    }

    public void setWarehouseId(String warehouseId) {
        this.warehouseId = warehouseId;
    }

    /** The same data as {@code o}. */
    public static OrderBean of(Order o) {
        OrderBean b = new OrderBean();
        b.setCustomerId(o.customerId());
        b.setOrderId(o.orderId());
        b.setShipCity(o.shipCity());
        b.setNote(o.note());
        b.setCreatedAt(o.createdAt());
        b.setStatus(o.status());
        b.setTotal(o.total());
        b.setItemCount(o.itemCount());
        b.setTags(o.tags());
        b.setWarehouseId(o.warehouseId());
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderBean b
                && itemCount == b.itemCount
                && Objects.equals(customerId, b.customerId)
                && Objects.equals(orderId, b.orderId)
                && Objects.equals(shipCity, b.shipCity)
                && Objects.equals(note, b.note)
                && Objects.equals(createdAt, b.createdAt)
                && status == b.status
                && Objects.equals(total, b.total)
                && Objects.equals(tags, b.tags)
                && Objects.equals(warehouseId, b.warehouseId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(customerId, orderId, createdAt);
    }
}
