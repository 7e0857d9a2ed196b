package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
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

    public static final AttributeCodec<String> STRING = new BuiltinCodec<>(BuiltinCodec.STRING, AttributeType.S);

    public static final AttributeCodec<Character> CHARACTER =
            new BuiltinCodec<>(BuiltinCodec.CHARACTER, AttributeType.S);

    public static final AttributeCodec<Character> PRIMITIVE_CHAR =
            new BuiltinCodec<>(BuiltinCodec.CHARACTER, AttributeType.S, '\0');

    // ---- numbers -----------------------------------------------------------------------------------------

    public static final AttributeCodec<Integer> INTEGER = new BuiltinCodec<>(BuiltinCodec.INTEGER, AttributeType.N);
    public static final AttributeCodec<Integer> PRIMITIVE_INT =
            new BuiltinCodec<>(BuiltinCodec.INTEGER, AttributeType.N, 0);

    public static final AttributeCodec<Long> LONG = new BuiltinCodec<>(BuiltinCodec.LONG, AttributeType.N);
    public static final AttributeCodec<Long> PRIMITIVE_LONG =
            new BuiltinCodec<>(BuiltinCodec.LONG, AttributeType.N, 0L);

    public static final AttributeCodec<Short> SHORT = new BuiltinCodec<>(BuiltinCodec.SHORT, AttributeType.N);
    public static final AttributeCodec<Short> PRIMITIVE_SHORT =
            new BuiltinCodec<>(BuiltinCodec.SHORT, AttributeType.N, (short) 0);

    public static final AttributeCodec<Byte> BYTE = new BuiltinCodec<>(BuiltinCodec.BYTE, AttributeType.N);
    public static final AttributeCodec<Byte> PRIMITIVE_BYTE =
            new BuiltinCodec<>(BuiltinCodec.BYTE, AttributeType.N, (byte) 0);

    public static final AttributeCodec<Double> DOUBLE = new BuiltinCodec<>(BuiltinCodec.DOUBLE, AttributeType.N);
    public static final AttributeCodec<Double> PRIMITIVE_DOUBLE =
            new BuiltinCodec<>(BuiltinCodec.DOUBLE, AttributeType.N, 0d);

    public static final AttributeCodec<Float> FLOAT = new BuiltinCodec<>(BuiltinCodec.FLOAT, AttributeType.N);
    public static final AttributeCodec<Float> PRIMITIVE_FLOAT =
            new BuiltinCodec<>(BuiltinCodec.FLOAT, AttributeType.N, 0f);

    public static final AttributeCodec<BigDecimal> BIG_DECIMAL =
            new BuiltinCodec<>(BuiltinCodec.BIG_DECIMAL, AttributeType.N);

    public static final AttributeCodec<BigInteger> BIG_INTEGER =
            new BuiltinCodec<>(BuiltinCodec.BIG_INTEGER, AttributeType.N);

    // ---- booleans -----------------------------------------------------------------------------------------

    public static final AttributeCodec<Boolean> BOOLEAN = new BuiltinCodec<>(BuiltinCodec.BOOLEAN, AttributeType.BOOL);
    public static final AttributeCodec<Boolean> PRIMITIVE_BOOLEAN =
            new BuiltinCodec<>(BuiltinCodec.BOOLEAN, AttributeType.BOOL, false);

    // ---- identifiers, binary ------------------------------------------------------------------------------

    public static final AttributeCodec<java.util.UUID> UUID = new BuiltinCodec<>(BuiltinCodec.UUID, AttributeType.S);

    public static final AttributeCodec<byte[]> BYTES = new BuiltinCodec<>(BuiltinCodec.BYTES, AttributeType.B);

    public static final AttributeCodec<ByteBuffer> BYTE_BUFFER =
            new BuiltinCodec<>(BuiltinCodec.BYTE_BUFFER, AttributeType.B);

    // ---- java.time ----------------------------------------------------------------------------------------

    public static final AttributeCodec<Instant> INSTANT = new BuiltinCodec<>(BuiltinCodec.INSTANT, AttributeType.S);
    public static final AttributeCodec<OffsetDateTime> OFFSET_DATE_TIME =
            new BuiltinCodec<>(BuiltinCodec.OFFSET_DATE_TIME, AttributeType.S);
    public static final AttributeCodec<ZonedDateTime> ZONED_DATE_TIME =
            new BuiltinCodec<>(BuiltinCodec.ZONED_DATE_TIME, AttributeType.S);
    public static final AttributeCodec<LocalDate> LOCAL_DATE =
            new BuiltinCodec<>(BuiltinCodec.LOCAL_DATE, AttributeType.S);
    public static final AttributeCodec<LocalDateTime> LOCAL_DATE_TIME =
            new BuiltinCodec<>(BuiltinCodec.LOCAL_DATE_TIME, AttributeType.S);
    public static final AttributeCodec<LocalTime> LOCAL_TIME =
            new BuiltinCodec<>(BuiltinCodec.LOCAL_TIME, AttributeType.S);
    public static final AttributeCodec<Year> YEAR = new BuiltinCodec<>(BuiltinCodec.YEAR, AttributeType.S);
    public static final AttributeCodec<YearMonth> YEAR_MONTH =
            new BuiltinCodec<>(BuiltinCodec.YEAR_MONTH, AttributeType.S);
    public static final AttributeCodec<MonthDay> MONTH_DAY =
            new BuiltinCodec<>(BuiltinCodec.MONTH_DAY, AttributeType.S);
    public static final AttributeCodec<Duration> DURATION = new BuiltinCodec<>(BuiltinCodec.DURATION, AttributeType.S);
    public static final AttributeCodec<Period> PERIOD = new BuiltinCodec<>(BuiltinCodec.PERIOD, AttributeType.S);
    public static final AttributeCodec<ZoneId> ZONE_ID = new BuiltinCodec<>(BuiltinCodec.ZONE_ID, AttributeType.S);
    public static final AttributeCodec<ZoneOffset> ZONE_OFFSET =
            new BuiltinCodec<>(BuiltinCodec.ZONE_OFFSET, AttributeType.S);

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

    /** A container's element: null (or a codec's "leave out") as NULL. */
    static <V> AttributeValue encodeElement(AttributeCodec<V> codec, V v) {
        if (v == null) {
            return AttributeValue.nul();
        }
        AttributeValue encoded = codec.encode(v);
        return encoded == null ? AttributeValue.nul() : encoded;
    }

    /** A container's element: NULL as the codec's missing value. */
    static <V> V decodeElement(AttributeCodec<V> codec, AttributeValue v) {
        return v.type() == AttributeType.NULL ? codec.absent() : codec.decode(v);
    }
}
