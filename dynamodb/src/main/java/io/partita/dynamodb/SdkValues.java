package io.partita.dynamodb;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.storage.value.ItemMap;
import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Converts between the core's {@link AttributeValue} and the SDK's
 * {@link software.amazon.awssdk.services.dynamodb.model.AttributeValue}, both ways, for all ten types. Numbers
 * travel as their canonical text (the core's normalized plain form), binaries as bytes; sets keep their
 * element order. A value the SDK does not know ({@code UNKNOWN_TO_SDK_VERSION}) is refused.
 */
public final class SdkValues {
    private SdkValues() {}

    /** The SDK form of one value. */
    public static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue value) {
        var b = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
        if (value instanceof AttributeValue.S s) {
            return b.s(s.value()).build();
        } else if (value instanceof AttributeValue.N n) {
            return b.n(n.text()).build();
        } else if (value instanceof AttributeValue.B bin) {
            return b.b(SdkBytes.fromByteArrayUnsafe(bin.value().toByteArray())).build();
        } else if (value instanceof AttributeValue.Bool bool) {
            return b.bool(bool.value()).build();
        } else if (value instanceof AttributeValue.Null) {
            return b.nul(true).build();
        } else if (value instanceof AttributeValue.L l) {
            List<software.amazon.awssdk.services.dynamodb.model.AttributeValue> out =
                    new ArrayList<>(l.values().size());
            for (AttributeValue v : l.values()) {
                out.add(toSdk(v));
            }
            return b.l(out).build();
        } else if (value instanceof AttributeValue.M m) {
            return b.m(toSdk(m.values())).build();
        } else if (value instanceof AttributeValue.SS ss) {
            return b.ss(new ArrayList<>(ss.values())).build();
        } else if (value instanceof AttributeValue.NS ns) {
            List<String> out = new ArrayList<>(ns.values().size());
            for (BigDecimal d : ns.values()) {
                out.add(AttributeValue.n(d).text());
            }
            return b.ns(out).build();
        } else if (value instanceof AttributeValue.BS bs) {
            List<SdkBytes> out = new ArrayList<>(bs.values().size());
            for (Bytes bytes : bs.values()) {
                out.add(SdkBytes.fromByteArrayUnsafe(bytes.toByteArray()));
            }
            return b.bs(out).build();
        }
        throw new IllegalArgumentException("unknown attribute value " + value);
    }

    /** The SDK form of an item or key; {@code null} stays {@code null}. */
    public static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Map<String, ? extends AttributeValue> item) {
        if (item == null) {
            return null;
        }
        // the SDK request builder copies the map into its own, so this one only has to be cheap to build
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> out =
                new LinkedHashMap<>(capacity(item.size()));
        for (Map.Entry<String, ? extends AttributeValue> e : item.entrySet()) {
            out.put(e.getKey(), toSdk(e.getValue()));
        }
        return out;
    }

    /**
     * The SDK form of a request's item, key or expression values, for an SDK request builder, which copies every
     * map it is given into its own ({@code size()}, then {@code forEach}): a read-only view that converts each
     * value as the builder copies it, so no intermediate map is built. {@code null} stays {@code null}; use the
     * result only as a builder argument (each traversal converts again).
     */
    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdkForRequest(
            Map<String, ? extends AttributeValue> item) {
        return item == null ? null : new RequestItem(item);
    }

    private static final class RequestItem
            extends AbstractMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> {
        private final Map<String, ? extends AttributeValue> core;

        RequestItem(Map<String, ? extends AttributeValue> core) {
            this.core = core;
        }

        @Override
        public int size() {
            return core.size();
        }

        @Override
        public void forEach(
                BiConsumer<? super String, ? super software.amazon.awssdk.services.dynamodb.model.AttributeValue>
                        action) {
            if (core instanceof ItemMap item) {
                item.forEachAttribute((k, v) -> action.accept(k, toSdk(v))); // no entry objects
            } else {
                core.forEach((k, v) -> action.accept(k, toSdk(v)));
            }
        }

        @Override
        public Set<Entry<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public int size() {
                    return core.size();
                }

                @Override
                public Iterator<Entry<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>>
                        iterator() {
                    Iterator<? extends Entry<String, ? extends AttributeValue>> it =
                            core.entrySet().iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return it.hasNext();
                        }

                        @Override
                        public Entry<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> next() {
                            Entry<String, ? extends AttributeValue> e = it.next();
                            return new SimpleImmutableEntry<>(e.getKey(), toSdk(e.getValue()));
                        }
                    };
                }
            };
        }
    }

    /** The core form of one SDK value; throws the core's {@code ValidationException} where the core rejects it. */
    public static AttributeValue fromSdk(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        switch (value.type()) {
            case S:
                return AttributeValue.s(value.s());
            case N:
                return AttributeValue.n(value.n());
            case B:
                return AttributeValue.b(value.b().asByteArrayUnsafe());
            case BOOL:
                return AttributeValue.bool(value.bool());
            case NUL:
                return AttributeValue.nul();
            case L: {
                List<AttributeValue> out = new ArrayList<>(value.l().size());
                for (var v : value.l()) {
                    out.add(fromSdk(v));
                }
                return AttributeValue.l(out);
            }
            case M:
                return AttributeValue.m(fromSdk(value.m()));
            case SS:
                return AttributeValue.ss(value.ss());
            case NS:
                return AttributeValue.nsOf(value.ns().toArray(String[]::new));
            case BS: {
                List<Bytes> out = new ArrayList<>(value.bs().size());
                for (SdkBytes bytes : value.bs()) {
                    out.add(Bytes.copyOf(bytes.asByteArrayUnsafe()));
                }
                return AttributeValue.bs(out);
            }
            default:
                throw new IllegalArgumentException("attribute value of a type this SDK does not know: " + value);
        }
    }

    /** The core form of an item or key; {@code null} stays {@code null}. */
    public static Map<String, AttributeValue> fromSdk(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        if (item == null) {
            return null;
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>(capacity(item.size()));
        for (Map.Entry<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> e : item.entrySet()) {
            out.put(e.getKey(), fromSdk(e.getValue()));
        }
        return out;
    }

    /**
     * An item of a response, converted lazily: each value when it is first read (a schema reads only its mapped
     * attributes, once each), the whole item only when iterated or changed; see {@link SdkItem}. {@code null}
     * stays {@code null}.
     */
    static Map<String, AttributeValue> fromSdkLazily(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        return item == null ? null : new SdkItem(item);
    }

    /** A hash map capacity that holds {@code size} entries without resizing. */
    private static int capacity(int size) {
        return size < 3 ? size + 1 : (int) (size / 0.75f + 1.0f);
    }
}
