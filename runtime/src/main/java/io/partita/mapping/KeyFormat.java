package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;

/**
 * Text renderings of key-template placeholders ({@code "ORDER#{orderDate}#{orderId}"}), as
 * {@code processor/README.md} fixes them. Generated code renders a template by concatenating literals and
 * these renderings, through {@link #join} so a null part makes the whole key null (the attribute is then left
 * out, which keeps a {@code @Sparse} item out of its index).
 *
 * <p>Order preservation: for every method here except {@link #text(Number)}, comparing two renderings as
 * DynamoDB compares strings (by UTF-8 bytes) gives the same answer as comparing the values — which is what
 * makes range conditions on a template part correct:
 * <ul>
 *   <li>strings as they are; enums by name; UUIDs in canonical lower-case form; booleans as
 *       {@code false}/{@code true}; binary as lower-case hex;</li>
 *   <li>{@code java.time} values in fixed-precision ISO-8601: {@code 2024-05-01},
 *       {@code 2024-05-01T12:00:00.000000000}, {@code 12:00:00.000000000}, {@code 2024-05}, {@code 2024}; instants,
 *       offset and zoned date-times as the UTC instant {@code 2024-05-01T12:00:00.000000000Z} (years 0 to 9999
 *       keep order; others fall back to ISO-8601's signed years);</li>
 *   <li>numbers only through {@code sortable}: integral values as 19 digits, negatives as {@code '-'} then
 *       19 digits of {@code value + 2^63} (so {@code -1} is {@code -9223372036854775807} and sorts just below
 *       {@code 0000000000000000000}); floating-point values as 16 hex digits of their IEEE-754 bits, sign-flipped
 *       so that unsigned order is numeric order ({@code -0.0} renders as {@code 0.0}; NaN is rejected).
 *       {@link #text(Number)} renders plain decimals and is for partition-key (equality-only) templates.</li>
 * </ul>
 * Every method returns {@code null} for a {@code null} argument.
 */
public final class KeyFormat {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final int INTEGRAL_WIDTH = 19;

    private KeyFormat() {}

    /** Concatenates rendered parts and literals; {@code null} when any part is {@code null}. */
    public static String join(String... parts) {
        int length = 0;
        for (String p : parts) {
            if (p == null) {
                return null;
            }
            length += p.length();
        }
        StringBuilder sb = new StringBuilder(length);
        for (String p : parts) {
            sb.append(p);
        }
        return sb.toString();
    }

    public static String text(String value) {
        return value;
    }

    public static String text(Enum<?> value) {
        return value == null ? null : value.name();
    }

    public static String text(UUID value) {
        return value == null ? null : value.toString();
    }

    public static String text(Boolean value) {
        return value == null ? null : value.toString();
    }

    public static String text(Character value) {
        return value == null ? null : value.toString();
    }

    /** Lower-case hex, two digits per byte. */
    public static String text(byte[] value) {
        if (value == null) {
            return null;
        }
        char[] out = new char[value.length * 2];
        for (int i = 0; i < value.length; i++) {
            out[2 * i] = HEX[(value[i] >> 4) & 0xF];
            out[2 * i + 1] = HEX[value[i] & 0xF];
        }
        return new String(out);
    }

    /**
     * A plain decimal ({@code 42}, {@code -3.5}); <em>not</em> order-preserving, so only for partition-key
     * templates, which are compared for equality only.
     */
    public static String text(Number value) {
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal d) {
            return d.stripTrailingZeros().toPlainString();
        }
        if (value instanceof Double || value instanceof Float) {
            return BigDecimal.valueOf(value.doubleValue()).stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }

    public static String text(Instant value) {
        if (value == null) {
            return null;
        }
        long seconds = value.getEpochSecond();
        int nano = value.getNano();
        long days = Math.floorDiv(seconds, 86_400L);
        int secondOfDay = (int) Math.floorMod(seconds, 86_400L);
        if (days >= FIXED_FIRST_DAY && days <= FIXED_LAST_DAY) {
            return fixedText(days, secondOfDay, nano);
        }
        StringBuilder sb = new StringBuilder(30);
        appendEpochDay(sb, days);
        sb.append('T');
        appendTime(sb, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, nano);
        return sb.append('Z').toString();
    }

    // 0000-03-01 and 9999-12-31: days whose year has four digits (from the first day with yy >= 0 in the
    // days-from-civil terms of parseFixedWidthInstant); the text of any other day takes the general path
    private static final long FIXED_FIRST_DAY = -719_468L;
    private static final long FIXED_LAST_DAY = 2_932_896L;

    /**
     * {@link #text(Instant)} for years 0000–9999 (every instant an application writes): the 30 characters written as
     * Latin-1 bytes at fixed positions, one {@code String} made from them, instead of a {@code StringBuilder} grown
     * and padded field by field. The same text as the general path ({@code InstantTextTest} compares them).
     */
    private static String fixedText(long epochDay, int secondOfDay, int nano) {
        long date = civilDate(epochDay);
        byte[] b = new byte[30];
        digits4(b, 0, (int) (date >> 9));
        b[4] = '-';
        digits2(b, 5, (int) (date >> 5) & 15);
        b[7] = '-';
        digits2(b, 8, (int) date & 31);
        b[10] = 'T';
        int hour = secondOfDay / 3600;
        int minuteOfDay = secondOfDay / 60;
        digits2(b, 11, hour);
        b[13] = ':';
        digits2(b, 14, minuteOfDay - hour * 60);
        b[16] = ':';
        digits2(b, 17, secondOfDay - minuteOfDay * 60);
        b[19] = '.';
        int high = nano / 100_000; // the first four of the nine fraction digits
        digits4(b, 20, high);
        int low = nano - high * 100_000;
        int lowHigh = low / 1000;
        digits2(b, 24, lowHigh);
        int last = low - lowHigh * 1000;
        int lastHigh = last / 10;
        digits2(b, 26, lastHigh);
        b[28] = (byte) ('0' + last - lastHigh * 10);
        b[29] = 'Z';
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static void digits2(byte[] b, int at, int v) {
        int tens = v / 10;
        b[at] = (byte) ('0' + tens);
        b[at + 1] = (byte) ('0' + v - tens * 10);
    }

    private static void digits4(byte[] b, int at, int v) {
        int hundreds = v / 100;
        digits2(b, at, hundreds);
        digits2(b, at + 2, v - hundreds * 100);
    }

    /** The proleptic Gregorian date of an epoch day, without allocating (the general path of every Instant). */
    private static void appendEpochDay(StringBuilder sb, long epochDay) {
        long date = civilDate(epochDay);
        appendDate(sb, (int) (date >> 9), (int) (date >> 5) & 15, (int) date & 31);
    }

    /**
     * The proleptic Gregorian date of an epoch day as {@code year << 9 | month << 5 | day} (H. Hinnant's
     * civil-from-days; no allocation): the date part of every Instant written.
     */
    private static long civilDate(long epochDay) {
        long z = epochDay + 719_468L;
        long era = Math.floorDiv(z, 146_097L);
        long dayOfEra = z - era * 146_097L;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        return year << 9 | month << 5 | day;
    }

    /** The instant in UTC (the offset is not part of the key). */
    public static String text(OffsetDateTime value) {
        return value == null ? null : text(value.toInstant());
    }

    /** The instant in UTC (the zone is not part of the key). */
    public static String text(ZonedDateTime value) {
        return value == null ? null : text(value.toInstant());
    }

    public static String text(LocalDate value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(10);
        appendDate(sb, value.getYear(), value.getMonthValue(), value.getDayOfMonth());
        return sb.toString();
    }

    public static String text(LocalDateTime value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(30);
        appendDate(sb, value.getYear(), value.getMonthValue(), value.getDayOfMonth());
        sb.append('T');
        appendTime(sb, value.getHour(), value.getMinute(), value.getSecond(), value.getNano());
        return sb.toString();
    }

    public static String text(LocalTime value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(18);
        appendTime(sb, value.getHour(), value.getMinute(), value.getSecond(), value.getNano());
        return sb.toString();
    }

    public static String text(YearMonth value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(7);
        appendYear(sb, value.getYear());
        sb.append('-');
        pad(sb, value.getMonthValue(), 2);
        return sb.toString();
    }

    public static String text(Year value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(4);
        appendYear(sb, value.getValue());
        return sb.toString();
    }

    /** An integral value, order-preserving (see the class comment). */
    public static String sortable(long value) {
        StringBuilder sb = new StringBuilder(INTEGRAL_WIDTH + 1);
        if (value < 0) {
            sb.append('-');
            pad(sb, value - Long.MIN_VALUE, INTEGRAL_WIDTH);
        } else {
            pad(sb, value, INTEGRAL_WIDTH);
        }
        return sb.toString();
    }

    /** A floating-point value, order-preserving (see the class comment); NaN is rejected. */
    public static String sortable(double value) {
        if (Double.isNaN(value)) {
            throw MappingException.of(RuntimeMessage.NaNInSortedKey.format());
        }
        long bits = Double.doubleToLongBits(value == 0.0d ? 0.0d : value);
        bits = bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
        char[] out = new char[16];
        for (int i = 15; i >= 0; i--) {
            out[i] = HEX[(int) (bits & 0xF)];
            bits >>>= 4;
        }
        return new String(out);
    }

    /**
     * A boxed number, order-preserving: integral boxes as {@link #sortable(long)}, {@code Float}/{@code Double}
     * as {@link #sortable(double)}. BigDecimal and BigInteger have no fixed-width form and are rejected (the
     * processor refuses them as sortable template parts).
     */
    public static String sortable(Number value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Double || value instanceof Float) {
            return sortable(value.doubleValue());
        }
        if (value instanceof BigDecimal || value instanceof BigInteger) {
            throw MappingException.of(
                    RuntimeMessage.NoOrderPreservingForm.format(value.getClass().getSimpleName()));
        }
        return sortable(value.longValue());
    }

    // ---- fast parsing of the fixed renderings (the codecs' read path; anything else goes to java.time) ----

    /** Reads {@link #text(Instant)}'s form quickly; other ISO-8601 instants through {@link Instant#parse}. */
    static Instant parseInstant(String s) {
        if (s.length() == 30 && s.charAt(29) == 'Z') {
            Instant direct = parseFixedWidthInstant(s);
            if (direct != null) {
                return direct;
            }
            LocalDateTime t = parseFixedDateTime(s);
            if (t != null) {
                return t.toInstant(ZoneOffset.UTC);
            }
        }
        return Instant.parse(s);
    }

    /**
     * What {@link #parseInstant} returns for {@code s} when {@code s} is in {@link #text(Instant)}'s fixed form
     * with every field in range; null for anything else (for which {@link #parseInstant} decides, or throws).
     */
    static Instant parseFixedInstant(String s) {
        return s.length() == 30 && s.charAt(29) == 'Z' ? parseFixedWidthInstant(s) : null;
    }

    /**
     * {@link #text(Instant)}'s form straight to epoch seconds (days-from-civil, no {@code LocalDateTime}), when every
     * field is in range; null otherwise, and the caller's slower path decides (and throws the same errors as before).
     */
    private static Instant parseFixedWidthInstant(String s) {
        if (!fixedSeparators(s)) {
            return null;
        }
        int y = digits(s, 0, 4);
        int mo = digits(s, 5, 2);
        int d = digits(s, 8, 2);
        int h = digits(s, 11, 2);
        int mi = digits(s, 14, 2);
        int se = digits(s, 17, 2);
        int n = digits(s, 20, 9);
        if ((y | mo | d | h | mi | se | n) < 0
                || mo < 1
                || mo > 12
                || d < 1
                || (d > 28 && d > monthLength(y, mo))
                || h > 23
                || mi > 59
                || se > 59) {
            return null;
        }
        // H. Hinnant's days-from-civil, the inverse of appendEpochDay
        int yy = mo <= 2 ? y - 1 : y;
        if (yy < 0) {
            return null; // January and February of year 0: the slow path
        }
        int era = yy / 400;
        int yearOfEra = yy - era * 400;
        int dayOfYear = (153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        long epochDay = (long) era * 146_097 + dayOfEra - 719_468;
        return Instant.ofEpochSecond(epochDay * 86_400 + h * 3600L + mi * 60L + se, n);
    }

    private static int monthLength(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Reads {@link #text(LocalDateTime)}'s form quickly; other ISO-8601 forms through {@link LocalDateTime#parse}. */
    static LocalDateTime parseLocalDateTime(String s) {
        if (s.length() == 29) {
            LocalDateTime t = parseFixedDateTime(s);
            if (t != null) {
                return t;
            }
        }
        return LocalDateTime.parse(s);
    }

    /** Reads {@link #text(LocalDate)}'s form quickly; other ISO-8601 forms through {@link LocalDate#parse}. */
    static LocalDate parseLocalDate(String s) {
        if (s.length() == 10 && s.charAt(4) == '-' && s.charAt(7) == '-') {
            int y = digits(s, 0, 4);
            int m = digits(s, 5, 2);
            int d = digits(s, 8, 2);
            if (y >= 0 && m >= 0 && d >= 0) {
                return LocalDate.of(y, m, d);
            }
        }
        return LocalDate.parse(s);
    }

    private static LocalDateTime parseFixedDateTime(String s) {
        if (!fixedSeparators(s)) {
            return null;
        }
        int y = digits(s, 0, 4);
        int mo = digits(s, 5, 2);
        int d = digits(s, 8, 2);
        int h = digits(s, 11, 2);
        int mi = digits(s, 14, 2);
        int se = digits(s, 17, 2);
        int n = digits(s, 20, 9);
        if ((y | mo | d | h | mi | se | n) < 0) {
            return null;
        }
        return LocalDateTime.of(y, mo, d, h, mi, se, n);
    }

    /** True when {@code s} (at least 20 characters) has the separators of {@code yyyy-MM-ddTHH:mm:ss.}. */
    private static boolean fixedSeparators(String s) {
        return s.charAt(4) == '-'
                && s.charAt(7) == '-'
                && s.charAt(10) == 'T'
                && s.charAt(13) == ':'
                && s.charAt(16) == ':'
                && s.charAt(19) == '.';
    }

    /** The decimal value of {@code length} digits at {@code from}, or -1 when one is not a digit. */
    private static int digits(String s, int from, int length) {
        int v = 0;
        for (int i = from; i < from + length; i++) {
            int c = s.charAt(i) - '0';
            if (c < 0 || c > 9) {
                return -1;
            }
            v = v * 10 + c;
        }
        return v;
    }

    private static void appendDate(StringBuilder sb, int year, int month, int day) {
        appendYear(sb, year);
        sb.append('-');
        pad(sb, month, 2);
        sb.append('-');
        pad(sb, day, 2);
    }

    private static void appendYear(StringBuilder sb, int year) {
        if (year >= 0 && year <= 9999) {
            pad(sb, year, 4);
        } else {
            sb.append(year < 0 ? '-' : '+');
            pad(sb, Math.abs((long) year), 4);
        }
    }

    private static void appendTime(StringBuilder sb, int hour, int minute, int second, int nano) {
        pad(sb, hour, 2);
        sb.append(':');
        pad(sb, minute, 2);
        sb.append(':');
        pad(sb, second, 2);
        sb.append('.');
        pad(sb, nano, 9);
    }

    private static void pad(StringBuilder sb, long value, int width) {
        if (value >= 0 && width <= 9 && value < 1_000_000_000L) {
            // fast path for date and time fields: write the digits without an intermediate String
            int v = (int) value;
            int start = sb.length();
            sb.setLength(start + width);
            for (int i = start + width - 1; i >= start; i--) {
                sb.setCharAt(i, (char) ('0' + v % 10));
                v /= 10;
            }
            if (v == 0) {
                return;
            }
            sb.setLength(start); // wider than the field: fall back
        }
        String digits = Long.toString(value);
        for (int i = digits.length(); i < width; i++) {
            sb.append('0');
        }
        sb.append(digits);
    }
}
