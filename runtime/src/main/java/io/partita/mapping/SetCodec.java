package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link Codecs#set}: a {@code Set<V>} as SS, NS or BS when V is stored as S, N or B, else as an L; an empty set
 * leaves the attribute out (DynamoDB forbids empty sets). String sets take a copy-free path of their own.
 */
final class SetCodec<V> implements AttributeCodec<Set<V>> {
    private final AttributeCodec<V> element;

    SetCodec(AttributeCodec<V> element) {
        this.element = element;
    }

    @Override
    public AttributeValue encode(Set<V> value) {
        if (element == Codecs.STRING) {
            // in a method of its own, small enough to be inlined where encodeElements is not (the decode split)
            @SuppressWarnings("unchecked")
            Set<String> strings = (Set<String>) value;
            return encodeStrings(strings);
        }
        return encodeElements(value);
    }

    /** What {@link #encodeElements} returns for a string set written with {@link Codecs#STRING}. */
    private static AttributeValue encodeStrings(Set<String> value) {
        if (value.isEmpty()) {
            return null;
        }
        // STRING.encode(v).asS() is v itself: no S per element, no copy
        if (containsNull(value)) {
            throw MappingException.of(RuntimeMessage.NullSetElement.format(AttributeType.S));
        }
        return AttributeValue.ss(value);
    }

    private AttributeValue encodeElements(Set<V> value) {
        if (value.isEmpty()) {
            return null;
        }
        // if, not switch: a switch on the enum compiles to a synthetic switch-map class (and NoSuchFieldError for
        // its verification), two classes more on a fresh JVM's first put of a set
        AttributeType elementType = element.type();
        if (elementType == AttributeType.S) { // any S codec but STRING (encode took that one)
            List<String> strings = new ArrayList<>(value.size());
            for (V v : value) {
                strings.add(nonNullElement(v).asS());
            }
            return AttributeValue.ss(strings);
        } else if (elementType == AttributeType.N) {
            List<BigDecimal> numbers = new ArrayList<>(value.size());
            for (V v : value) {
                numbers.add(nonNullElement(v).asN());
            }
            return AttributeValue.ns(numbers);
        } else if (elementType == AttributeType.B) {
            List<Bytes> bytes = new ArrayList<>(value.size());
            for (V v : value) {
                bytes.add(nonNullElement(v).asB());
            }
            return AttributeValue.bs(bytes);
        }
        List<AttributeValue> out = new ArrayList<>(value.size());
        for (V v : value) {
            out.add(Codecs.encodeElement(element, v));
        }
        return AttributeValue.l(out);
    }

    /**
     * True when {@code value} has a null element. A {@code HashSet} or {@code LinkedHashSet} (what a user's set
     * mostly is) answers by a hash lookup, without the iterator a loop allocates wherever the JIT does not
     * inline it away; any other set, whose {@code contains(null)} may throw, is iterated.
     */
    private static boolean containsNull(Set<?> value) {
        Class<?> type = value.getClass();
        if (type == LinkedHashSet.class || type == HashSet.class) {
            return value.contains(null);
        }
        for (Object v : value) {
            if (v == null) {
                return true;
            }
        }
        return false;
    }

    private AttributeValue nonNullElement(V v) {
        if (v == null) {
            throw MappingException.of(RuntimeMessage.NullSetElement.format(element.type()));
        }
        AttributeValue encoded = element.encode(v);
        if (encoded == null) {
            throw MappingException.of(RuntimeMessage.SetElementNotStorable.format(v));
        }
        return encoded;
    }

    @Override
    public Set<V> decode(AttributeValue value) {
        if (element == Codecs.STRING && value instanceof AttributeValue.SS ss) {
            // STRING.decode(AttributeValue.s(s)) is s itself; in a method of its own, small enough to be inlined
            // where this one is not
            @SuppressWarnings("unchecked")
            Set<V> strings = (Set<V>) copyOf(ss.values());
            return strings;
        }
        return decodeElements(value);
    }

    /** What {@link #decodeElements} returns for a string set read with {@link Codecs#STRING}. */
    private static Set<String> copyOf(Set<String> stored) {
        Set<String> out = new LinkedHashSet<>(setCapacity(stored.size()));
        for (String s : stored) {
            out.add(s);
        }
        return out;
    }

    private Set<V> decodeElements(AttributeValue value) {
        // loops, not forEach lambdas: the first read of a set would bootstrap them on a cold JVM
        Set<V> out = new LinkedHashSet<>(setCapacity(value));
        if (value instanceof AttributeValue.SS ss) {
            if (element == Codecs.STRING) { // STRING.decode(AttributeValue.s(s)) is s itself
                @SuppressWarnings("unchecked")
                Set<String> strings = (Set<String>) out;
                strings.addAll(ss.values());
            } else {
                for (String s : ss.values()) {
                    out.add(element.decode(AttributeValue.s(s)));
                }
            }
        } else if (value instanceof AttributeValue.NS ns) {
            for (BigDecimal n : ns.values()) {
                out.add(element.decode(AttributeValue.n(n)));
            }
        } else if (value instanceof AttributeValue.BS bs) {
            for (Bytes b : bs.values()) {
                out.add(element.decode(AttributeValue.b(b)));
            }
        } else if (value instanceof AttributeValue.L l) {
            for (AttributeValue v : l.values()) {
                out.add(Codecs.decodeElement(element, v));
            }
        } else {
            throw MappingException.of(RuntimeMessage.NotASet.format(value.type()));
        }
        return out;
    }

    /** Buckets for the stored set's elements without a resize (the default 16 wastes most of them). */
    private static int setCapacity(AttributeValue value) {
        int n;
        if (value instanceof AttributeValue.SS ss) {
            n = ss.values().size();
        } else if (value instanceof AttributeValue.NS ns) {
            n = ns.values().size();
        } else if (value instanceof AttributeValue.BS bs) {
            n = bs.values().size();
        } else {
            return 16;
        }
        return setCapacity(n);
    }

    private static int setCapacity(int n) {
        return (n * 4 + 2) / 3; // HashMap rounds up to a power of two holding n at load factor 0.75
    }

    @Override
    public Set<V> absent() {
        return new LinkedHashSet<>();
    }

    @Override
    public AttributeType type() {
        AttributeType elementType = element.type(); // if, not switch: see encode
        if (elementType == AttributeType.S) {
            return AttributeType.SS;
        }
        if (elementType == AttributeType.N) {
            return AttributeType.NS;
        }
        return elementType == AttributeType.B ? AttributeType.BS : AttributeType.L;
    }
}
