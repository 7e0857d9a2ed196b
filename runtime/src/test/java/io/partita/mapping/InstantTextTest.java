package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** KeyFormat renders instants without java.time's date objects; it must agree with them everywhere. */
class InstantTextTest {
    @Property(tries = 5000, seed = "4711")
    void rendersLikeTheJdkCalendar(
            @ForAll @LongRange(min = -62_135_596_800L, max = 253_402_300_799L) long seconds,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
        Instant i = Instant.ofEpochSecond(seconds, nanos);
        String viaJdk = KeyFormat.text(LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC)) + 'Z';
        assertThat(KeyFormat.text(i)).isEqualTo(viaJdk);
        assertThat(KeyFormat.parseInstant(KeyFormat.text(i))).isEqualTo(i);
    }

    /**
     * The fixed-form reader computes epoch seconds itself; for any field values (out-of-range ones too) it must give
     * what {@code LocalDateTime.of(...).toInstant(UTC)} gives, or fail with the same exception.
     */
    @Property(tries = 5000, seed = "4712")
    void readsFixedFormLikeLocalDateTime(
            @ForAll @IntRange(min = 0, max = 9999) int year,
            @ForAll @IntRange(min = 0, max = 13) int month,
            @ForAll @IntRange(min = 0, max = 32) int day,
            @ForAll @IntRange(min = 0, max = 24) int hour,
            @ForAll @IntRange(min = 0, max = 60) int minute,
            @ForAll @IntRange(min = 0, max = 60) int second,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
        String text = String.format(
                java.util.Locale.ROOT,
                "%04d-%02d-%02dT%02d:%02d:%02d.%09dZ",
                year,
                month,
                day,
                hour,
                minute,
                second,
                nanos);
        Object expected;
        try {
            expected = LocalDateTime.of(year, month, day, hour, minute, second, nanos)
                    .toInstant(ZoneOffset.UTC);
        } catch (RuntimeException e) {
            expected = e.getClass() + ": " + e.getMessage();
        }
        Object actual;
        try {
            actual = KeyFormat.parseInstant(text);
        } catch (RuntimeException e) {
            actual = e.getClass() + ": " + e.getMessage();
        }
        assertThat(actual).as(text).isEqualTo(expected);
    }

    @Property(tries = 2000, seed = "4713")
    void readsLeapDaysAndMonthEnds(
            @ForAll @IntRange(min = 0, max = 9999) int year, @ForAll @IntRange(min = 1, max = 12) int month) {
        int last = java.time.YearMonth.of(year, month).lengthOfMonth();
        for (int day = 27; day <= 31; day++) {
            readsFixedFormLikeLocalDateTime(year, month, day, 23, 59, 59, 999_999_999);
        }
        assertThat(last).isBetween(28, 31);
    }
}
