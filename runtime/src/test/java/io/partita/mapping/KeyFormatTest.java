package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.value.KeyOrder;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class KeyFormatTest {

    @Property
    void sortable_longs_keep_numeric_order(@ForAll long a, @ForAll long b) {
        assertThat(Integer.signum(KeyOrder.compareUtf8(KeyFormat.sortable(a), KeyFormat.sortable(b))))
                .isEqualTo(Long.signum(Long.compare(a, b)));
    }

    @Property
    void sortable_doubles_keep_numeric_order(@ForAll double a, @ForAll double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return;
        }
        int expected = a == b ? 0 : Double.compare(a, b); // -0.0 == 0.0
        assertThat(Integer.signum(KeyOrder.compareUtf8(KeyFormat.sortable(a), KeyFormat.sortable(b))))
                .isEqualTo(Integer.signum(expected));
    }

    @Property
    void instants_keep_time_order(@ForAll long secondsA, @ForAll int nanoA, @ForAll long secondsB) {
        Instant a = Instant.ofEpochSecond(Math.floorMod(secondsA, 253402300799L), Math.floorMod(nanoA, 1_000_000_000));
        Instant b = Instant.ofEpochSecond(Math.floorMod(secondsB, 253402300799L));
        assertThat(Integer.signum(KeyOrder.compareUtf8(KeyFormat.text(a), KeyFormat.text(b))))
                .isEqualTo(Integer.signum(a.compareTo(b)));
    }

    @Test
    void fixed_renderings() {
        assertThat(KeyFormat.sortable(42)).isEqualTo("0000000000000000042");
        assertThat(KeyFormat.sortable(0)).isEqualTo("0000000000000000000");
        assertThat(KeyFormat.sortable(-1)).isEqualTo("-9223372036854775807");
        assertThat(KeyFormat.sortable(Long.MIN_VALUE)).isEqualTo("-0000000000000000000");
        assertThat(KeyFormat.sortable(Integer.valueOf(7))).isEqualTo(KeyFormat.sortable(7L));
        assertThat(KeyFormat.sortable(-0.0)).isEqualTo(KeyFormat.sortable(0.0)).hasSize(16);
        assertThat(KeyFormat.text(Instant.parse("2024-05-01T12:00:00Z"))).isEqualTo("2024-05-01T12:00:00.000000000Z");
        assertThat(KeyFormat.text(OffsetDateTime.parse("2024-05-01T14:00:00+02:00")))
                .isEqualTo("2024-05-01T12:00:00.000000000Z");
        assertThat(KeyFormat.text(LocalDate.of(812, 1, 2))).isEqualTo("0812-01-02");
        assertThat(KeyFormat.text(LocalDateTime.of(2024, 1, 2, 3, 4))).isEqualTo("2024-01-02T03:04:00.000000000");
        assertThat(KeyFormat.text(new byte[] {0, -1, 16})).isEqualTo("00ff10");
        assertThat(KeyFormat.text(UUID.fromString("123E4567-E89B-12D3-A456-426614174000")))
                .isEqualTo("123e4567-e89b-12d3-a456-426614174000");
        assertThat(KeyFormat.text(Boolean.TRUE)).isEqualTo("true");
        assertThat(KeyFormat.text(new BigDecimal("1.500"))).isEqualTo("1.5");
        assertThat(KeyFormat.text(12)).isEqualTo("12");
    }

    @Test
    void join_is_null_when_a_part_is_null() {
        assertThat(KeyFormat.join("USER#", "u1", "#", KeyFormat.text((String) null)))
                .isNull();
        assertThat(KeyFormat.join("USER#", "u1")).isEqualTo("USER#u1");
        assertThat(KeyFormat.sortable((Number) null)).isNull();
        assertThat(KeyFormat.text((Instant) null)).isNull();
    }

    @Test
    void unorderable_values_are_refused() {
        assertThatThrownBy(() -> KeyFormat.sortable(Double.NaN)).isInstanceOf(MappingException.class);
        assertThatThrownBy(() -> KeyFormat.sortable(new BigDecimal("1")))
                .isInstanceOf(MappingException.class)
                .hasMessageContaining("BigDecimal");
    }
}
