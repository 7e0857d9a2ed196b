package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The built-in {@link AttributeCodec}s. Constants for scalar types, factories for containers.
 *
 * <table>
 * <caption>Stored forms</caption>
 * <tr><th>Java</th><th>attribute</th></tr>
 * <tr><td>String, char/Character</td><td>S</td></tr>
 * <tr><td>int, long, short, byte, float, double (and boxes), BigDecimal, BigInteger</td><td>N (NaN and infinities are rejected)</td></tr>
 * <tr><td>boolean/Boolean</td><td>BOOL</td></tr>
 * <tr><td>enums</td><td>S, the constant's name</td></tr>
 * <tr><td>UUID</td><td>S, canonical lower-case form</td></tr>
 * <tr><td>Instant, OffsetDateTime, ZonedDateTime</td><td>S, the instant in UTC with nine fraction digits
 *     ({@code 2024-05-01T12:00:00.000000000Z}), so text order is time order; the offset/zone is not kept and
 *     reads back as UTC</td></tr>
 * <tr><td>LocalDate, LocalDateTime, LocalTime, Year, YearMonth, MonthDay</td><td>S, fixed-width ISO-8601</td></tr>
 * <tr><td>Duration, Period, ZoneId, ZoneOffset</td><td>S, ISO-8601 / zone id</td></tr>
 * <tr><td>byte[], ByteBuffer</td><td>B</td></tr>
 * <tr><td>Optional&lt;V&gt;</td><td>V's form; empty leaves the attribute out</td></tr>
 * <tr><td>List&lt;V&gt;</td><td>L</td></tr>
 * <tr><td>Set&lt;V&gt;</td><td>SS, NS or BS by V's type (L otherwise); an empty set leaves the attribute out</td></tr>
 * <tr><td>Map&lt;String, V&gt;</td><td>M</td></tr>
 * <tr><td>nested records/classes</td><td>M through their own {@link ItemSchema}</td></tr>
 * <tr><td>JsonNode</td><td>M/L/S/N/BOOL/NULL/B, see {@link #json()}</td></tr>
 * </table>
 */
public final class Codecs {
    private Codecs() {}

    // The built-in codecs are one class dispatching on a kind code, not a pair of lambdas each: the first use of
    // Codecs then loads one class instead of spinning some seventy lambda classes on a cold JVM, and a schema's
    // encode loop calls a single receiver type.

    // ---- strings and characters ----------------------------------------------------------------------

    public static final AttributeCodec<String> STRING = new Builtin<>(Builtin.STRING, AttributeType.S);

    public static final AttributeCodec<Character> CHARACTER = new Builtin<>(Builtin.CHARACTER, AttributeType.S);

    public static final AttributeCodec<Character> PRIMITIVE_CHAR =
            new Builtin<>(Builtin.CHARACTER, AttributeType.S, '\0');

    // ---- numbers -----------------------------------------------------------------------------------------

    public static final AttributeCodec<Integer> INTEGER = new Builtin<>(Builtin.INTEGER, AttributeType.N);
    public static final AttributeCodec<Integer> PRIMITIVE_INT = new Builtin<>(Builtin.INTEGER, AttributeType.N, 0);

    public static final AttributeCodec<Long> LONG = new Builtin<>(Builtin.LONG, AttributeType.N);
    public static final AttributeCodec<Long> PRIMITIVE_LONG = new Builtin<>(Builtin.LONG, AttributeType.N, 0L);

    public static final AttributeCodec<Short> SHORT = new Builtin<>(Builtin.SHORT, AttributeType.N);
    public static final AttributeCodec<Short> PRIMITIVE_SHORT =
            new Builtin<>(Builtin.SHORT, AttributeType.N, (short) 0);

    public static final AttributeCodec<Byte> BYTE = new Builtin<>(Builtin.BYTE, AttributeType.N);
    public static final AttributeCodec<Byte> PRIMITIVE_BYTE = new Builtin<>(Builtin.BYTE, AttributeType.N, (byte) 0);

    public static final AttributeCodec<Double> DOUBLE = new Builtin<>(Builtin.DOUBLE, AttributeType.N);
    public static final AttributeCodec<Double> PRIMITIVE_DOUBLE = new Builtin<>(Builtin.DOUBLE, AttributeType.N, 0d);

    public static final AttributeCodec<Float> FLOAT = new Builtin<>(Builtin.FLOAT, AttributeType.N);
    public static final AttributeCodec<Float> PRIMITIVE_FLOAT = new Builtin<>(Builtin.FLOAT, AttributeType.N, 0f);

    public static final AttributeCodec<BigDecimal> BIG_DECIMAL = new Builtin<>(Builtin.BIG_DECIMAL, AttributeType.N);

    public static final AttributeCodec<BigInteger> BIG_INTEGER = new Builtin<>(Builtin.BIG_INTEGER, AttributeType.N);

    // ---- booleans -----------------------------------------------------------------------------------------

    public static final AttributeCodec<Boolean> BOOLEAN = new Builtin<>(Builtin.BOOLEAN, AttributeType.BOOL);
    public static final AttributeCodec<Boolean> PRIMITIVE_BOOLEAN =
            new Builtin<>(Builtin.BOOLEAN, AttributeType.BOOL, false);

    // ---- identifiers, binary ------------------------------------------------------------------------------

    public static final AttributeCodec<java.util.UUID> UUID = new Builtin<>(Builtin.UUID, AttributeType.S);

    public static final AttributeCodec<byte[]> BYTES = new Builtin<>(Builtin.BYTES, AttributeType.B);

    public static final AttributeCodec<ByteBuffer> BYTE_BUFFER = new Builtin<>(Builtin.BYTE_BUFFER, AttributeType.B);

    // ---- java.time ----------------------------------------------------------------------------------------

    public static final AttributeCodec<Instant> INSTANT = new Builtin<>(Builtin.INSTANT, AttributeType.S);
    public static final AttributeCodec<OffsetDateTime> OFFSET_DATE_TIME =
            new Builtin<>(Builtin.OFFSET_DATE_TIME, AttributeType.S);
    public static final AttributeCodec<ZonedDateTime> ZONED_DATE_TIME =
            new Builtin<>(Builtin.ZONED_DATE_TIME, AttributeType.S);
    public static final AttributeCodec<LocalDate> LOCAL_DATE = new Builtin<>(Builtin.LOCAL_DATE, AttributeType.S);
    public static final AttributeCodec<LocalDateTime> LOCAL_DATE_TIME =
            new Builtin<>(Builtin.LOCAL_DATE_TIME, AttributeType.S);
    public static final AttributeCodec<LocalTime> LOCAL_TIME = new Builtin<>(Builtin.LOCAL_TIME, AttributeType.S);
    public static final AttributeCodec<Year> YEAR = new Builtin<>(Builtin.YEAR, AttributeType.S);
    public static final AttributeCodec<YearMonth> YEAR_MONTH = new Builtin<>(Builtin.YEAR_MONTH, AttributeType.S);
    public static final AttributeCodec<MonthDay> MONTH_DAY = new Builtin<>(Builtin.MONTH_DAY, AttributeType.S);
    public static final AttributeCodec<Duration> DURATION = new Builtin<>(Builtin.DURATION, AttributeType.S);
    public static final AttributeCodec<Period> PERIOD = new Builtin<>(Builtin.PERIOD, AttributeType.S);
    public static final AttributeCodec<ZoneId> ZONE_ID = new Builtin<>(Builtin.ZONE_ID, AttributeType.S);
    public static final AttributeCodec<ZoneOffset> ZONE_OFFSET = new Builtin<>(Builtin.ZONE_OFFSET, AttributeType.S);

    /** The built-in scalar codecs: one class, one switch per direction. */
    private static final class Builtin<V> implements AttributeCodec<V> {
        static final int STRING = 0;
        static final int CHARACTER = 1;
        static final int INTEGER = 2;
        static final int LONG = 3;
        static final int SHORT = 4;
        static final int BYTE = 5;
        static final int DOUBLE = 6;
        static final int FLOAT = 7;
        static final int BIG_DECIMAL = 8;
        static final int BIG_INTEGER = 9;
        static final int BOOLEAN = 10;
        static final int UUID = 11;
        static final int BYTES = 12;
        static final int BYTE_BUFFER = 13;
        static final int INSTANT = 14;
        static final int OFFSET_DATE_TIME = 15;
        static final int ZONED_DATE_TIME = 16;
        static final int LOCAL_DATE = 17;
        static final int LOCAL_DATE_TIME = 18;
        static final int LOCAL_TIME = 19;
        static final int YEAR = 20;
        static final int YEAR_MONTH = 21;
        static final int MONTH_DAY = 22;
        static final int DURATION = 23;
        static final int PERIOD = 24;
        static final int ZONE_ID = 25;
        static final int ZONE_OFFSET = 26;

        private final int kind;
        private final AttributeType type;
        private final V absent;

        Builtin(int kind, AttributeType type) {
            this(kind, type, null);
        }

        /**
         * A primitive's codec: the boxed type's, with its default for a missing attribute. What
         * {@link #withDefault} makes, without its own class: that would be one more class to load on a cold start
         * for every entity with a primitive field (issue 14).
         */
        Builtin(int kind, AttributeType type, V absent) {
            this.kind = kind;
            this.type = type;
            this.absent = absent;
        }

        @Override
        public V absent() {
            return absent;
        }

        @Override
        public AttributeValue encode(V value) {
            Object v = value;
            switch (kind) {
                case STRING:
                    return AttributeValue.s((String) v);
                case CHARACTER:
                    return AttributeValue.s(String.valueOf((char) (Character) v));
                case INTEGER:
                    return AttributeValue.n(((Integer) v).longValue());
                case LONG:
                    return AttributeValue.n((long) (Long) v);
                case SHORT:
                    return AttributeValue.n(((Short) v).longValue());
                case BYTE:
                    return AttributeValue.n(((Byte) v).longValue());
                case DOUBLE:
                    return AttributeValue.n(finite((Double) v));
                case FLOAT:
                    return AttributeValue.n(new BigDecimal(
                            Float.toString(finite(((Float) v).doubleValue()).floatValue())));
                case BIG_DECIMAL:
                    return AttributeValue.n((BigDecimal) v);
                case BIG_INTEGER:
                    return AttributeValue.n(new BigDecimal((BigInteger) v));
                case BOOLEAN:
                    return AttributeValue.bool((Boolean) v);
                case UUID:
                    return AttributeValue.s(v.toString());
                case BYTES:
                    return AttributeValue.b((byte[]) v);
                case BYTE_BUFFER:
                    return AttributeValue.b(Bytes.copyOf(((ByteBuffer) v).duplicate()));
                case INSTANT:
                    return AttributeValue.s(KeyFormat.text((Instant) v));
                case OFFSET_DATE_TIME:
                    return AttributeValue.s(KeyFormat.text((OffsetDateTime) v));
                case ZONED_DATE_TIME:
                    return AttributeValue.s(KeyFormat.text((ZonedDateTime) v));
                case LOCAL_DATE:
                    return AttributeValue.s(KeyFormat.text((LocalDate) v));
                case LOCAL_DATE_TIME:
                    return AttributeValue.s(KeyFormat.text((LocalDateTime) v));
                case LOCAL_TIME:
                    return AttributeValue.s(KeyFormat.text((LocalTime) v));
                case YEAR:
                    return AttributeValue.s(KeyFormat.text((Year) v));
                case YEAR_MONTH:
                    return AttributeValue.s(KeyFormat.text((YearMonth) v));
                case MONTH_DAY:
                    return AttributeValue.s(v.toString());
                case DURATION:
                    return AttributeValue.s(v.toString());
                case PERIOD:
                    return AttributeValue.s(v.toString());
                case ZONE_ID:
                    return AttributeValue.s(((ZoneId) v).getId());
                case ZONE_OFFSET:
                    return AttributeValue.s(((ZoneOffset) v).getId());
                default:
                    throw new IllegalStateException(RuntimeMessage.UnknownCodecKind.format(kind));
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public V decode(AttributeValue value) {
            if (value.type() != type) {
                throw MappingException.of(RuntimeMessage.WrongAttributeType.format(type, value.type()));
            }
            return (V) decodeValue(value);
        }

        private Object decodeValue(AttributeValue v) {
            switch (kind) {
                case STRING:
                    return v.asS();
                case CHARACTER:
                    return singleChar(v.asS());
                // integers: from the long form the core keeps for integers of up to 18 digits, no BigDecimal
                // arithmetic; out of range (or not integral) falls back to the exact conversion, which throws
                case INTEGER:
                    if (v instanceof AttributeValue.N n && n.fitsLong() && n.longValue() == (int) n.longValue()) {
                        return (int) n.longValue();
                    }
                    return v.asN().intValueExact();
                case LONG:
                    if (v instanceof AttributeValue.N n && n.fitsLong()) {
                        return n.longValue();
                    }
                    return v.asN().longValueExact();
                case SHORT:
                    if (v instanceof AttributeValue.N n && n.fitsLong() && n.longValue() == (short) n.longValue()) {
                        return (short) n.longValue();
                    }
                    return v.asN().shortValueExact();
                case BYTE:
                    if (v instanceof AttributeValue.N n && n.fitsLong() && n.longValue() == (byte) n.longValue()) {
                        return (byte) n.longValue();
                    }
                    return v.asN().byteValueExact();
                case DOUBLE:
                    return v.asN().doubleValue();
                case FLOAT:
                    return v.asN().floatValue();
                case BIG_DECIMAL:
                    return v.asN();
                case BIG_INTEGER:
                    return v.asN().toBigIntegerExact();
                case BOOLEAN:
                    return bool(v);
                case UUID:
                    return java.util.UUID.fromString(v.asS());
                case BYTES:
                    return v.asB().toByteArray();
                case BYTE_BUFFER:
                    return ByteBuffer.wrap(v.asB().toByteArray()).asReadOnlyBuffer();
                case INSTANT:
                    return KeyFormat.parseInstant(v.asS());
                case OFFSET_DATE_TIME:
                    return OffsetDateTime.ofInstant(KeyFormat.parseInstant(v.asS()), ZoneOffset.UTC);
                case ZONED_DATE_TIME:
                    return ZonedDateTime.ofInstant(KeyFormat.parseInstant(v.asS()), ZoneOffset.UTC);
                case LOCAL_DATE:
                    return KeyFormat.parseLocalDate(v.asS());
                case LOCAL_DATE_TIME:
                    return KeyFormat.parseLocalDateTime(v.asS());
                case LOCAL_TIME:
                    return LocalTime.parse(v.asS());
                case YEAR:
                    return Year.parse(v.asS());
                case YEAR_MONTH:
                    return YearMonth.parse(v.asS());
                case MONTH_DAY:
                    return MonthDay.parse(v.asS());
                case DURATION:
                    return Duration.parse(v.asS());
                case PERIOD:
                    return Period.parse(v.asS());
                case ZONE_ID:
                    return ZoneId.of(v.asS());
                case ZONE_OFFSET:
                    return ZoneOffset.of(v.asS());
                default:
                    throw new IllegalStateException(RuntimeMessage.UnknownCodecKind.format(kind));
            }
        }

        @Override
        public AttributeType type() {
            return type;
        }
    }

    // ---- factories ----------------------------------------------------------------------------------------

    /**
     * An enum stored by constant name. Pass the enum's constants: {@code Codecs.enumeration(Status.values())}
     * (no reflection, and exact for type inference); an unknown stored name is a {@link MappingException}
     * listing the known ones.
     */
    public static <E extends Enum<E>> AttributeCodec<E> enumeration(E[] constants) {
        return new EnumCodec<>(constants);
    }

    /** An {@code Optional<V>}: empty leaves the attribute out, a missing attribute reads as empty. */
    public static <V> AttributeCodec<Optional<V>> optional(AttributeCodec<V> element) {
        return new OptionalCodec<>(element);
    }

    /** A {@code List<V>} as an L; null elements are stored as NULL. An empty list is stored (an empty L is legal). */
    public static <V> AttributeCodec<List<V>> list(AttributeCodec<V> element) {
        return new ListCodec<>(element);
    }

    /**
     * A {@code Set<V>} as SS, NS or BS when {@code V} is stored as S, N or B, else as an L. An empty set
     * leaves the attribute out (DynamoDB forbids empty sets) and a missing attribute reads back as an empty
     * set, so the round trip is lossless. Reads return a {@link LinkedHashSet}.
     */
    public static <V> AttributeCodec<Set<V>> set(AttributeCodec<V> element) {
        return new SetCodec<>(element);
    }

    /** A {@code Map<String, V>} as an M; null values are stored as NULL. Reads return a {@link LinkedHashMap}. */
    public static <V> AttributeCodec<Map<String, V>> map(AttributeCodec<V> value) {
        return new MapCodec<>(Function.identity(), Function.identity(), value);
    }

    /** A {@code Map<K, V>} as an M whose keys are rendered by {@code keyToString} and read by {@code keyFromString}. */
    public static <K, V> AttributeCodec<Map<K, V>> map(
            Function<? super K, String> keyToString,
            Function<String, ? extends K> keyFromString,
            AttributeCodec<V> value) {
        return new MapCodec<>(keyToString, keyFromString, value);
    }

    /** A nested record or class as an M, through its own schema. */
    public static <T> AttributeCodec<T> nested(ItemSchema<T> schema) {
        return new NestedCodec<>(schema);
    }

    /** A user type through its converter. */
    public static <T> AttributeCodec<T> converted(AttributeConverter<T> converter) {
        return scalar(converter.attributeType(), converter::toAttributeValue, converter::fromAttributeValue);
    }

    /**
     * A Jackson {@code JsonNode} document: objects as M, arrays as L, strings as S, numbers as N, booleans as
     * BOOL, null as NULL, binary as B (SS/NS/BS read back as arrays). Integral numbers read back as int or
     * long nodes, others as exact decimals. Jackson is loaded only when this codec is first used.
     */
    public static AttributeCodec<com.fasterxml.jackson.databind.JsonNode> json() {
        return JsonNodeCodec.INSTANCE;
    }

    /** A codec from two functions; {@code decode} failures are reported by the schema with the attribute name. */
    public static <V> AttributeCodec<V> of(
            AttributeType type,
            Function<? super V, AttributeValue> encode,
            Function<AttributeValue, ? extends V> decode) {
        return scalar(type, encode, decode);
    }

    /** {@code codec} with a different value for a missing attribute (what the {@code PRIMITIVE_} codecs are). */
    public static <V> AttributeCodec<V> withDefault(AttributeCodec<V> codec, V absent) {
        return new AttributeCodec<>() {
            @Override
            public AttributeValue encode(V value) {
                return codec.encode(value);
            }

            @Override
            public V decode(AttributeValue value) {
                return codec.decode(value);
            }

            @Override
            public V absent() {
                return absent;
            }

            @Override
            public AttributeType type() {
                return codec.type();
            }
        };
    }

    // ---- implementation -----------------------------------------------------------------------------------

    private static <V> AttributeCodec<V> scalar(
            AttributeType type,
            Function<? super V, AttributeValue> encode,
            Function<AttributeValue, ? extends V> decode) {
        return new AttributeCodec<>() {
            @Override
            public AttributeValue encode(V value) {
                return encode.apply(value);
            }

            @Override
            public V decode(AttributeValue value) {
                if (value.type() != type) {
                    throw MappingException.of(RuntimeMessage.WrongAttributeType.format(type, value.type()));
                }
                return decode.apply(value);
            }

            @Override
            public AttributeType type() {
                return type;
            }
        };
    }

    private static Character singleChar(String s) {
        if (s.length() != 1) {
            throw MappingException.of(RuntimeMessage.NotASingleCharacter.format(s));
        }
        return s.charAt(0);
    }

    private static Boolean bool(AttributeValue v) {
        return ((AttributeValue.Bool) v).value();
    }

    private static BigDecimal finite(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw MappingException.of(RuntimeMessage.NumberNotFinite.format(d));
        }
        return BigDecimal.valueOf(d);
    }

    // Enum and nested codecs are classes, not lambdas: generated schemas create them when a repository class
    // initializes, where each lambda would cost a bootstrap on a cold JVM.

    private static final class EnumCodec<E extends Enum<E>> implements AttributeCodec<E> {
        private final Map<String, E> byName;

        // one immutable S per constant, written by every item instead of a new S (and its size scan) each time
        private final AttributeValue.S[] byOrdinal;

        @SuppressWarnings("EnumOrdinal") // see encode
        EnumCodec(E[] constants) {
            byName = new java.util.HashMap<>(Math.max(16, constants.length * 2));
            byOrdinal = new AttributeValue.S[constants.length];
            for (E e : constants) {
                byName.put(e.name(), e);
                byOrdinal[e.ordinal()] = AttributeValue.s(e.name());
            }
        }

        // ordinal() only indexes byOrdinal, filled from the same constants in this JVM, and the name check guards it:
        // nothing ordinal-based is stored
        @Override
        @SuppressWarnings("EnumOrdinal")
        public AttributeValue encode(E value) {
            int i = value.ordinal();
            AttributeValue.S cached = i < byOrdinal.length ? byOrdinal[i] : null;
            // the same constant's name is the same String: anything else (another enum type) is written as before
            return cached != null && cached.value() == value.name() ? cached : AttributeValue.s(value.name());
        }

        @Override
        public E decode(AttributeValue value) {
            if (value.type() != AttributeType.S) {
                throw MappingException.of(RuntimeMessage.WrongAttributeType.format(AttributeType.S, value.type()));
            }
            E e = byName.get(value.asS());
            if (e == null) {
                // built only on failure: enum codecs are created at class initialization, on the cold-start path
                throw MappingException.of(RuntimeMessage.UnknownEnumConstant.format(
                        value.asS(), new java.util.TreeSet<>(byName.keySet())));
            }
            return e;
        }

        @Override
        public AttributeType type() {
            return AttributeType.S;
        }
    }

    private static final class NestedCodec<T> implements AttributeCodec<T> {
        private final ItemSchema<T> schema;

        NestedCodec(ItemSchema<T> schema) {
            this.schema = schema;
        }

        @Override
        public AttributeValue encode(T value) {
            return AttributeValue.m(schema.toItem(value));
        }

        @Override
        public T decode(AttributeValue value) {
            if (value.type() != AttributeType.M) {
                throw MappingException.of(RuntimeMessage.WrongAttributeType.format(AttributeType.M, value.type()));
            }
            if (!(value instanceof AttributeValue.M m)) {
                throw MappingException.of(RuntimeMessage.NestedNotAMap.format(schema.typeName(), value.type()));
            }
            return schema.fromItem(m.values());
        }

        @Override
        public AttributeType type() {
            return AttributeType.M;
        }
    }

    private static final class OptionalCodec<V> implements AttributeCodec<Optional<V>> {
        private final AttributeCodec<V> element;

        OptionalCodec(AttributeCodec<V> element) {
            this.element = element;
        }

        @Override
        public AttributeValue encode(Optional<V> value) {
            return value.isPresent() ? element.encode(value.get()) : null;
        }

        @Override
        public Optional<V> decode(AttributeValue value) {
            return Optional.ofNullable(element.decode(value));
        }

        @Override
        public Optional<V> absent() {
            return Optional.empty();
        }

        @Override
        public AttributeType type() {
            return element.type();
        }
    }

    private static final class ListCodec<V> implements AttributeCodec<List<V>> {
        private final AttributeCodec<V> element;

        ListCodec(AttributeCodec<V> element) {
            this.element = element;
        }

        @Override
        public AttributeValue encode(List<V> value) {
            List<AttributeValue> out = new ArrayList<>(value.size());
            for (V v : value) {
                out.add(encodeElement(element, v));
            }
            return AttributeValue.l(out);
        }

        @Override
        public List<V> decode(AttributeValue value) {
            if (!(value instanceof AttributeValue.L l)) {
                throw MappingException.of(RuntimeMessage.NotAList.format(value.type()));
            }
            List<V> out = new ArrayList<>(l.values().size());
            for (AttributeValue v : l.values()) {
                out.add(decodeElement(element, v));
            }
            return out;
        }

        @Override
        public AttributeType type() {
            return AttributeType.L;
        }
    }

    private static final class SetCodec<V> implements AttributeCodec<Set<V>> {
        private final AttributeCodec<V> element;

        SetCodec(AttributeCodec<V> element) {
            this.element = element;
        }

        @Override
        public AttributeValue encode(Set<V> value) {
            if (element == STRING) {
                // in a method of its own, small enough to be inlined where encodeElements is not (the decode split)
                @SuppressWarnings("unchecked")
                Set<String> strings = (Set<String>) value;
                return encodeStrings(strings);
            }
            return encodeElements(value);
        }

        /** What {@link #encodeElements} returns for a string set written with {@link #STRING}. */
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
                out.add(encodeElement(element, v));
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
            if (element == STRING && value instanceof AttributeValue.SS ss) {
                // STRING.decode(AttributeValue.s(s)) is s itself; in a method of its own, small enough to be inlined
                // where this one is not
                @SuppressWarnings("unchecked")
                Set<V> strings = (Set<V>) copyOf(ss.values());
                return strings;
            }
            return decodeElements(value);
        }

        /** What {@link #decodeElements} returns for a string set read with {@link #STRING}. */
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
                if (element == STRING) { // STRING.decode(AttributeValue.s(s)) is s itself
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
                    out.add(decodeElement(element, v));
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

    private static final class MapCodec<K, V> implements AttributeCodec<Map<K, V>> {
        private final Function<? super K, String> keyToString;
        private final Function<String, ? extends K> keyFromString;
        private final AttributeCodec<V> value;

        MapCodec(
                Function<? super K, String> keyToString,
                Function<String, ? extends K> keyFromString,
                AttributeCodec<V> value) {
            this.keyToString = keyToString;
            this.keyFromString = keyFromString;
            this.value = value;
        }

        @Override
        public AttributeValue encode(Map<K, V> map) {
            Map<String, AttributeValue> out = new LinkedHashMap<>(Math.max(16, map.size() * 2));
            for (Map.Entry<K, V> e : map.entrySet()) {
                if (e.getKey() == null) {
                    throw MappingException.of(RuntimeMessage.NullMapKey.format());
                }
                out.put(keyToString.apply(e.getKey()), encodeElement(value, e.getValue()));
            }
            return AttributeValue.m(out);
        }

        @Override
        public Map<K, V> decode(AttributeValue stored) {
            if (!(stored instanceof AttributeValue.M m)) {
                throw MappingException.of(RuntimeMessage.NotAMap.format(stored.type()));
            }
            Map<K, V> out = new LinkedHashMap<>(Math.max(16, m.values().size() * 2));
            for (Map.Entry<String, AttributeValue> e : m.values().entrySet()) {
                out.put(keyFromString.apply(e.getKey()), decodeElement(value, e.getValue()));
            }
            return out;
        }

        @Override
        public AttributeType type() {
            return AttributeType.M;
        }
    }

    static <V> AttributeValue encodeElement(AttributeCodec<V> codec, V v) {
        if (v == null) {
            return AttributeValue.nul();
        }
        AttributeValue encoded = codec.encode(v);
        return encoded == null ? AttributeValue.nul() : encoded;
    }

    static <V> V decodeElement(AttributeCodec<V> codec, AttributeValue v) {
        return v.type() == AttributeType.NULL ? codec.absent() : codec.decode(v);
    }
}
