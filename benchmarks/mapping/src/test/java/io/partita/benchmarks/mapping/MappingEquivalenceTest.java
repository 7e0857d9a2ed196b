package io.partita.benchmarks.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/** The benchmark's premise, checked in the build: both sides write the same item and read it back (≈0.3 s). */
class MappingEquivalenceTest {
    @Test
    void bothSidesMapTheSameItems() {
        TableSchema<OrderBean> beans = TableSchema.fromBean(OrderBean.class);
        for (Order order : Fixtures.orders(MappingBench.POOL)) {
            Fixtures.checkEquivalent(order, beans);
        }
        assertEquals(10, OrderRepository.SCHEMA.attributeNames().size());
        assertEquals(10, beans.attributeNames().size());
    }
}
