package io.partita.benchmarks.mapping;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Cold-start child, the Enhanced Client's first use without network: {@code TableSchema.fromBean(OrderBean.class)},
 * one {@code itemToMap(bean, false)}, one {@code mapToItem(map)}, and the same equality check.
 */
public final class ColdEnhanced {
    private ColdEnhanced() {}

    public static void main(String[] args) {
        long cpu0 = ColdResult.threadCpuNanos();
        long t0 = System.nanoTime();
        long wall = System.currentTimeMillis();
        TableSchema<OrderBean> schema = TableSchema.fromBean(OrderBean.class);
        OrderBean bean = new OrderBean();
        bean.setCustomerId("customer-1");
        bean.setOrderId("order-00000001");
        bean.setShipCity("Seattle");
        bean.setNote("leave at the door");
        bean.setCreatedAt(Instant.ofEpochSecond(1_700_000_000L, 123_456_789));
        bean.setStatus(OrderStatus.PAID);
        bean.setTotal(new BigDecimal("129.95"));
        bean.setItemCount(3);
        bean.setTags(Set.of("gift", "prio-1"));
        bean.setWarehouseId("wh-7");
        Map<String, AttributeValue> item = schema.itemToMap(bean, false);
        OrderBean back = schema.mapToItem(item);
        if (!back.equals(bean)) {
            throw new IllegalStateException("read back differs");
        }
        long t1 = System.nanoTime();
        ColdResult.print("enhanced", cpu0, t0, wall, t1, back);
    }
}
