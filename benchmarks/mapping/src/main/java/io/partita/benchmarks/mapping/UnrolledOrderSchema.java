package io.partita.benchmarks.mapping;

import io.partita.mapping.AttributeCodec;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.mapping.MappingException;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PROTOTYPE, not generated and not used by any repository: what the processor could emit instead of the
 * lambda-assembled {@code ItemSchema.builder(...)...build(...)} (runtime README: "Generated code may still implement
 * ItemSchema directly if a benchmark ever asks for it"). Same codecs, same item, same null and absent rules; the
 * differences are one call site per attribute (monomorphic, inlinable) instead of the parallel arrays' two
 * megamorphic calls per attribute, and a direct constructor call instead of an {@code Object[]}. Measured next to the
 * generated schema in {@link MappingBench} to size the suggestion; checked equal to it in setup.
 */
final class UnrolledOrderSchema implements ItemSchema<Order> {
    static final UnrolledOrderSchema INSTANCE = new UnrolledOrderSchema();

    private static final AttributeCodec<String> STRING = Codecs.STRING;
    private static final AttributeCodec<Instant> INSTANT = Codecs.INSTANT;
    private static final AttributeCodec<OrderStatus> STATUS = Codecs.enumeration(OrderStatus.values());
    private static final AttributeCodec<BigDecimal> BIG_DECIMAL = Codecs.BIG_DECIMAL;
    private static final AttributeCodec<Integer> INT = Codecs.PRIMITIVE_INT;
    private static final AttributeCodec<Set<String>> TAGS = Codecs.set(Codecs.STRING);
    private static final List<String> NAMES = List.of(
            "customerId",
            "orderId",
            "shipCity",
            "note",
            "createdAt",
            "status",
            "total",
            "itemCount",
            "tags",
            "warehouseId");

    private UnrolledOrderSchema() {}

    @Override
    public String typeName() {
        return "Order";
    }

    @Override
    public List<String> attributeNames() {
        return NAMES;
    }

    @Override
    public void writeItem(Order o, Map<String, AttributeValue> item) {
        put(item, "customerId", o.customerId(), STRING);
        put(item, "orderId", o.orderId(), STRING);
        put(item, "shipCity", o.shipCity(), STRING);
        put(item, "note", o.note(), STRING);
        put(item, "createdAt", o.createdAt(), INSTANT);
        put(item, "status", o.status(), STATUS);
        put(item, "total", o.total(), BIG_DECIMAL);
        put(item, "itemCount", o.itemCount(), INT);
        put(item, "tags", o.tags(), TAGS);
        put(item, "warehouseId", o.warehouseId(), STRING);
    }

    @Override
    public Order fromItem(Map<String, AttributeValue> item) {
        return new Order(
                get(item, "customerId", STRING),
                get(item, "orderId", STRING),
                get(item, "shipCity", STRING),
                get(item, "note", STRING),
                get(item, "createdAt", INSTANT),
                get(item, "status", STATUS),
                get(item, "total", BIG_DECIMAL),
                get(item, "itemCount", INT),
                get(item, "tags", TAGS),
                get(item, "warehouseId", STRING));
    }

    private static <V> void put(Map<String, AttributeValue> item, String name, V value, AttributeCodec<V> codec) {
        if (value != null) {
            AttributeValue encoded;
            try {
                encoded = codec.encode(value);
            } catch (RuntimeException e) {
                throw new MappingException("Cannot write Order." + name + " = " + value + ": " + e.getMessage(), e);
            }
            if (encoded != null) {
                item.put(name, encoded);
            }
        }
    }

    private static <V> V get(Map<String, AttributeValue> item, String name, AttributeCodec<V> codec) {
        AttributeValue stored = item.get(name);
        if (stored == null || stored.type() == AttributeType.NULL) {
            return codec.absent();
        }
        try {
            return codec.decode(stored);
        } catch (RuntimeException e) {
            throw new MappingException(
                    "Cannot read attribute '" + name + "' of Order from " + stored + ": " + e.getMessage(), e);
        }
    }
}
