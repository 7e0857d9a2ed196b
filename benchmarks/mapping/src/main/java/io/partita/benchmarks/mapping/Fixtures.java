package io.partita.benchmarks.mapping;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The data both sides map, and the one-time check that they map it to the same item. Partita's core has its own
 * {@code io.partita.storage.value.AttributeValue}; the Enhanced Client uses the SDK's; {@link #toPartita} converts
 * SDK values for the comparison only (it is never inside a measured method).
 */
public final class Fixtures {
    private static final OrderStatus[] STATUSES = OrderStatus.values();
    private static final String[] CITIES = {"Seattle", "Berlin", "São Paulo", "Osaka", "Nairobi", "Toronto", "Lyon"};

    private Fixtures() {}

    /**
     * Order {@code i}: every attribute set (no nulls, so {@code ignoreNulls} makes no difference), distinct keys,
     * a 1–3 element tag set, and an instant with nanosecond precision. Partita writes instants fixed-width with
     * nine fraction digits; the Enhanced Client writes {@code Instant.toString()}, which also has nine digits when
     * the last one is non-zero, so both items are byte-for-byte equal.
     */
    public static Order order(int i) {
        Set<String> tags = new LinkedHashSet<>();
        tags.add("prio-" + (i % 3));
        if (i % 2 == 0) {
            tags.add("gift");
        }
        if (i % 5 == 0) {
            tags.add("fragile");
        }
        long nanos = 100_000_001L + (i * 7_919L) % 899_999_990L;
        if (nanos % 10 == 0) {
            nanos++;
        }
        return new Order(
                "customer-" + (i % 997),
                String.format("order-%08d", i),
                CITIES[i % CITIES.length],
                "leave at the door, ring twice (" + i + ")",
                Instant.ofEpochSecond(1_700_000_000L + i * 37L, nanos),
                STATUSES[i % STATUSES.length],
                BigDecimal.valueOf(1999 + (i * 131L) % 100_000, 2).stripTrailingZeros(),
                1 + i % 12,
                tags,
                "wh-" + (i % 17));
    }

    public static List<Order> orders(int n) {
        List<Order> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(order(i));
        }
        return list;
    }

    /** Throws unless both sides write equal items for {@code order} and read back what was written. */
    public static void checkEquivalent(Order order, TableSchema<OrderBean> beanSchema) {
        OrderBean bean = OrderBean.of(order);
        Map<String, io.partita.storage.value.AttributeValue> partita = OrderRepository.SCHEMA.toItem(order);
        Map<String, AttributeValue> sdk = beanSchema.itemToMap(bean, false);
        Map<String, io.partita.storage.value.AttributeValue> converted = new HashMap<>();
        sdk.forEach((k, v) -> converted.put(k, toPartita(v)));
        if (partita.size() != 10 || !partita.equals(converted)) {
            throw new IllegalStateException(
                    "items differ for " + order + "\n  partita: " + partita + "\n  enhanced: " + sdk);
        }
        for (Map.Entry<String, io.partita.storage.value.AttributeValue> e : partita.entrySet()) {
            // same text, not only the same normalized value (BigDecimal, Instant)
            String p = text(e.getValue());
            String s = text(converted.get(e.getKey()));
            if (!p.equals(s)) {
                throw new IllegalStateException(e.getKey() + ": " + p + " vs " + s);
            }
        }
        Order back = OrderRepository.SCHEMA.fromItem(partita);
        if (!back.equals(order)) {
            throw new IllegalStateException("Partita round trip: " + back + " != " + order);
        }
        OrderBean beanBack = beanSchema.mapToItem(sdk);
        if (!beanBack.equals(bean)) {
            throw new IllegalStateException("Enhanced Client round trip differs for " + order);
        }
    }

    private static String text(io.partita.storage.value.AttributeValue v) {
        if (v instanceof io.partita.storage.value.AttributeValue.S s) {
            return s.value();
        }
        if (v instanceof io.partita.storage.value.AttributeValue.N n) {
            return n.text();
        }
        return v.toString();
    }

    /** SDK value to core value (setup only). */
    public static io.partita.storage.value.AttributeValue toPartita(AttributeValue v) {
        if (v.s() != null) {
            return io.partita.storage.value.AttributeValue.s(v.s());
        }
        if (v.n() != null) {
            return io.partita.storage.value.AttributeValue.n(v.n());
        }
        if (v.bool() != null) {
            return io.partita.storage.value.AttributeValue.bool(v.bool());
        }
        if (Boolean.TRUE.equals(v.nul())) {
            return io.partita.storage.value.AttributeValue.nul();
        }
        if (v.b() != null) {
            return io.partita.storage.value.AttributeValue.b(v.b().asByteArray());
        }
        if (v.hasSs()) {
            return io.partita.storage.value.AttributeValue.ss(v.ss());
        }
        if (v.hasNs()) {
            return io.partita.storage.value.AttributeValue.nsOf(v.ns().toArray(new String[0]));
        }
        if (v.hasL()) {
            return io.partita.storage.value.AttributeValue.l(
                    v.l().stream().map(Fixtures::toPartita).toList());
        }
        if (v.hasM()) {
            Map<String, io.partita.storage.value.AttributeValue> m = new HashMap<>();
            v.m().forEach((k, e) -> m.put(k, toPartita(e)));
            return io.partita.storage.value.AttributeValue.m(m);
        }
        throw new IllegalArgumentException("unsupported in this benchmark: " + v);
    }
}
