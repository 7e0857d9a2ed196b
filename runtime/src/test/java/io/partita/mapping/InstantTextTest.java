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
}
