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

/**
 * The built-in scalar codecs behind {@link Codecs}' constants: one class dispatching on a kind code, one switch per
 * direction, so the first use of {@link Codecs} loads one class instead of some seventy lambda classes on a cold JVM
 * and a schema's encode loop calls a single receiver type.
 */
final class BuiltinCodec<V> implements AttributeCodec<V> {
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

    BuiltinCodec(int kind, AttributeType type) {
        this(kind, type, null);
    }

    /**
     * A primitive's codec: the boxed type's, with its default for a missing attribute. What
     * {@link Codecs#withDefault} makes, without its own class: that would be one more class to load on a cold start
     * for every entity with a primitive field (issue 14).
     */
    BuiltinCodec(int kind, AttributeType type, V absent) {
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
}
