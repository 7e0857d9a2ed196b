package io.partita.storage.value;

import io.partita.storage.Message;
import io.partita.storage.ValidationException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One DynamoDB attribute value: the core's own value model, independent of any SDK. Values are
 * immutable; numbers are normalized on construction (so {@code n("1.50").equals(n("1.5"))}) and rejected
 * with a {@link ValidationException} where DynamoDB rejects them. Sets are non-empty and duplicate-free.
 */
public sealed interface AttributeValue {

    AttributeType type();

    /** Size in bytes as DynamoDB accounts it (without the attribute name). */
    int size();

    // ---- factories -------------------------------------------------------------------------------------

    static S s(String value) {
        return new S(value);
    }

    static N n(String value) {
        return new N(Numbers.parse(value));
    }

    static N n(long value) {
        if (value == 0) {
            return N.ZERO;
        }
        if (N.isLongSized(value)) {
            return new N(value); // at most 18 digits: the long alone, its normal BigDecimal built only if asked for
        }
        BigDecimal normal = Numbers.normalOf(value); // 19 digits, within DynamoDB's range: nothing to check
        return new N(normal, true);
    }

    static N n(BigDecimal value) {
        return new N(value);
    }

    static B b(byte[] value) {
        return new B(Bytes.copyOf(value));
    }

    static B b(Bytes value) {
        return new B(value);
    }

    static Bool bool(boolean value) {
        return value ? Bool.TRUE : Bool.FALSE;
    }

    static Null nul() {
        return Null.INSTANCE;
    }

    static L l(List<? extends AttributeValue> values) {
        return new L(List.copyOf(values));
    }

    static L l(AttributeValue... values) {
        return new L(List.of(values));
    }

    static M m(Map<String, ? extends AttributeValue> values) {
        return new M(Collections.unmodifiableMap(new LinkedHashMap<>(values)));
    }

    static SS ss(Collection<String> values) {
        return new SS(ValueSets.checked(values, "SS"));
    }

    static SS ss(String... values) {
        return ss(List.of(values));
    }

    static NS ns(Collection<BigDecimal> values) {
        List<BigDecimal> normalized = new ArrayList<>(values.size());
        for (BigDecimal v : values) {
            normalized.add(Numbers.normalize(v));
        }
        return new NS(ValueSets.checked(normalized, "NS"));
    }

    static NS nsOf(String... values) {
        List<BigDecimal> normalized = new ArrayList<>(values.length);
        for (String v : values) {
            normalized.add(Numbers.parse(v));
        }
        return new NS(ValueSets.checked(normalized, "NS"));
    }

    static BS bs(Collection<Bytes> values) {
        return new BS(ValueSets.checked(values, "BS"));
    }

    // ---- accessors that make call sites read well ------------------------------------------------------

    /** The string of an S value; throws {@link ClassCastException} for any other type. */
    default String asS() {
        return ((S) this).value();
    }

    default BigDecimal asN() {
        return ((N) this).value();
    }

    default Bytes asB() {
        return ((B) this).value();
    }

    // ---- the ten types ---------------------------------------------------------------------------------

    /**
     * A string. A final class rather than a record so it can remember, once, whether the string holds
     * surrogates: without them UTF-16 order equals UTF-8 byte order and keys compare with the JDK's
     * intrinsic {@link String#compareTo}.
     */
    final class S implements AttributeValue {
        private final String value;
        // UTF-8 size and surrogate flag, scanned on first use (not by mapping, which never needs them):
        // ((utf8Size + 1) << 1) | surrogates, 0 until computed. One int, so a racing reader sees both or neither
        // (the scan is idempotent, like String.hash).
        private int info;

        public S(String value) {
            if (value == null) {
                throw Message.StringValueNull.exception();
            }
            this.value = value;
        }

        private int info() {
            int i = info;
            if (i == 0) {
                i = Utf8.scanInfo(value);
                info = i;
            }
            return i;
        }

        public String value() {
            return value;
        }

        /** True when the string holds characters outside the Basic Multilingual Plane. */
        public boolean hasSurrogates() {
            return (info() & 1) != 0;
        }

        @Override
        public AttributeType type() {
            return AttributeType.S;
        }

        @Override
        public int size() {
            return (info() >>> 1) - 1;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof S other && value.equals(other.value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }

        @Override
        public String toString() {
            return "{S: \"" + value + "\"}";
        }
    }

    /**
     * A number, held normalized (see {@link Numbers}), so equal numbers are equal values. Integers that fit
     * in a {@code long} also keep that form, so keys compare without {@link BigDecimal#compareTo}.
     */
    final class N implements AttributeValue, Comparable<N> {
        /** Zero, as {@link AttributeValue#n(long)} returns it: one instance (a value has no identity to keep). */
        static final N ZERO = new N(BigDecimal.ZERO);

        /**
         * The normalized value; for a number made by {@link AttributeValue#n(long)} (a non-zero integer of at most
         * 18 digits) null until first asked for: most such numbers (mapped {@code long} fields, stored and read back
         * as longs) never need it, and a stored item then keeps one object less per number. Racy like
         * {@code String.hash}: every thread computes the same immutable {@code BigDecimal}, whose final fields make
         * it safe to publish this way.
         */
        private BigDecimal value;

        /**
         * The value when it is an integer of at most 18 digits ({@link #fitsLong()}), else {@link #NOT_LONG}, which no
         * such integer is. The normal form's scale and the size are computed from it when asked for (a mapped
         * {@code long}'s size is asked for by the write that stores it, its scale rarely): a number is then an
         * object of 24 bytes, its value and this long.
         */
        private final long longValue;

        /** {@link #longValue} of a number that is not an integer of at most 18 digits. */
        private static final long NOT_LONG = Long.MIN_VALUE;

        /** Validates and normalizes; throws {@link ValidationException} where DynamoDB rejects the number. */
        public N(BigDecimal value) {
            this.value = Numbers.normalize(value);
            long l = NOT_LONG;
            if (this.value.scale() <= 0 && this.value.precision() - this.value.scale() <= 18) {
                l = this.value.longValueExact();
            }
            this.longValue = l;
        }

        /** {@code normal}, the normal form of a 19-digit long (not a long's, then). */
        private N(BigDecimal normal, @SuppressWarnings("unused") boolean nineteenDigits) {
            this.value = normal;
            this.longValue = NOT_LONG;
        }

        /**
         * The normal form of a non-zero {@code value} of at most 18 digits ({@link #isLongSized}), held lazily: its
         * digits without the trailing zeros, scaled by minus their count ({@code 1200} is {@code 12E+2}).
         */
        private N(long value) {
            this.longValue = value;
        }

        /** True when {@code value} has at most 18 digits: what {@link #fitsLong()} holds for. */
        static boolean isLongSized(long value) {
            return value > -1_000_000_000_000_000_000L && value < 1_000_000_000_000_000_000L;
        }

        public BigDecimal value() {
            BigDecimal v = value;
            if (v == null) {
                int zeros = Numbers.trailingZeros(longValue);
                v = zeros == 0
                        ? BigDecimal.valueOf(longValue)
                        : BigDecimal.valueOf(longValue / Numbers.tenTo(zeros), -zeros);
                value = v;
            }
            return v;
        }

        /** True when the number is an integer that fits in a {@code long}; then {@link #longValue()} is exact. */
        public boolean fitsLong() {
            return longValue != NOT_LONG;
        }

        /** The value as a long; exact only when {@link #fitsLong()}. */
        public long longValue() {
            return longValue != NOT_LONG ? longValue : value().longValue();
        }

        /** Compares numerically. */
        @Override
        public int compareTo(N other) {
            if (longValue != NOT_LONG && other.longValue != NOT_LONG) {
                return Long.compare(longValue, other.longValue);
            }
            return value().compareTo(other.value());
        }

        @Override
        public AttributeType type() {
            return AttributeType.N;
        }

        /** The size as {@link Numbers#sizeOf} counts it: for an integer of at most 18 digits, from its digits. */
        @Override
        public int size() {
            return longValue != NOT_LONG ? Numbers.sizeOf(longValue) : Numbers.sizeOf(value);
        }

        public String text() {
            return Numbers.toText(value());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof N other
                    && ((longValue != NOT_LONG && other.longValue != NOT_LONG)
                            ? longValue == other.longValue
                            : value().equals(other.value()));
        }

        @Override
        public int hashCode() {
            BigDecimal v = value;
            if (v != null) {
                return v.hashCode();
            }
            // BigDecimal.hashCode is 31 * (its unscaled value's hash) + scale, the scale here minus the zeros
            int zeros = Numbers.trailingZeros(longValue);
            return zeros == 0
                    ? Numbers.integerHash(longValue)
                    : Numbers.integerHash(longValue / Numbers.tenTo(zeros)) - zeros;
        }

        @Override
        public String toString() {
            return "{N: \"" + text() + "\"}";
        }
    }

    record B(Bytes value) implements AttributeValue {
        @Override
        public AttributeType type() {
            return AttributeType.B;
        }

        @Override
        public int size() {
            return value.length();
        }

        @Override
        public String toString() {
            return "{B: \"" + value.toBase64() + "\"}";
        }
    }

    record Bool(boolean value) implements AttributeValue {
        static final Bool TRUE = new Bool(true);
        static final Bool FALSE = new Bool(false);

        @Override
        public AttributeType type() {
            return AttributeType.BOOL;
        }

        @Override
        public int size() {
            return 1;
        }

        @Override
        public String toString() {
            return "{BOOL: " + value + "}";
        }
    }

    record Null() implements AttributeValue {
        static final Null INSTANCE = new Null();

        @Override
        public AttributeType type() {
            return AttributeType.NULL;
        }

        @Override
        public int size() {
            return 1;
        }

        @Override
        public String toString() {
            return "{NULL: true}";
        }
    }

    record L(List<AttributeValue> values) implements AttributeValue {
        @Override
        public AttributeType type() {
            return AttributeType.L;
        }

        @Override
        public int size() {
            return ValueSizes.list(values);
        }

        @Override
        public String toString() {
            return "{L: " + values + "}";
        }
    }

    record M(Map<String, AttributeValue> values) implements AttributeValue {
        @Override
        public AttributeType type() {
            return AttributeType.M;
        }

        @Override
        public int size() {
            return ValueSizes.map(values);
        }

        @Override
        public String toString() {
            return "{M: " + values + "}";
        }
    }

    record SS(Set<String> values) implements AttributeValue {
        /** Rejects an empty set, as DynamoDB does; prefer the factories, which also reject duplicates in the input. */
        public SS {
            if (values == null || values.isEmpty()) {
                throw Message.SetEmpty.exception("SS");
            }
        }

        @Override
        public AttributeType type() {
            return AttributeType.SS;
        }

        @Override
        public int size() {
            return ValueSizes.strings(values);
        }

        @Override
        public String toString() {
            return "{SS: " + values.stream().map(v -> '"' + v + '"').collect(Collectors.joining(", ", "[", "]")) + "}";
        }
    }

    record NS(Set<BigDecimal> values) implements AttributeValue {
        /** Rejects an empty set, as DynamoDB does; prefer the factories, which also reject duplicates in the input. */
        public NS {
            if (values == null || values.isEmpty()) {
                throw Message.SetEmpty.exception("NS");
            }
            LinkedHashSet<BigDecimal> normalized = new LinkedHashSet<>();
            for (BigDecimal v : values) {
                if (!normalized.add(Numbers.normalize(v))) {
                    throw Message.SetDuplicates.exception(values, "NS");
                }
            }
            values = Collections.unmodifiableSet(normalized);
        }

        @Override
        public AttributeType type() {
            return AttributeType.NS;
        }

        @Override
        public int size() {
            return ValueSizes.numbers(values);
        }

        @Override
        public String toString() {
            return "{NS: " + values.stream().map(Numbers::toText).collect(Collectors.joining(", ", "[", "]")) + "}";
        }
    }

    record BS(Set<Bytes> values) implements AttributeValue {
        /** Rejects an empty set, as DynamoDB does; prefer the factories, which also reject duplicates in the input. */
        public BS {
            if (values == null || values.isEmpty()) {
                throw Message.SetEmpty.exception("BS");
            }
        }

        @Override
        public AttributeType type() {
            return AttributeType.BS;
        }

        @Override
        public int size() {
            return ValueSizes.binaries(values);
        }

        @Override
        public String toString() {
            return "{BS: " + values + "}";
        }
    }
}
