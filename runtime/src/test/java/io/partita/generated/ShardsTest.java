package io.partita.generated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Golden values of the shard function. These numbers are a storage format: items already written live in
 * these shards, so a failure here means the function changed and existing data would no longer be found.
 * Never update them; the hashes were cross-checked against Guava's {@code Hashing.murmur3_32_fixed()}.
 */
class ShardsTest {

    private static int murmur(String s) {
        return Shards.murmur3(s.getBytes(StandardCharsets.UTF_8), 0);
    }

    @Test
    void murmur3_x86_32_reference_vectors() {
        assertThat(murmur("")).isEqualTo(0x00000000);
        assertThat(murmur("a")).isEqualTo(0x3c2569b2);
        assertThat(murmur("ab")).isEqualTo(0x9bbfd75f);
        assertThat(murmur("abc")).isEqualTo(0xb3dd93fa);
        assertThat(murmur("abcd")).isEqualTo(0x43ed676a);
        assertThat(murmur("hello")).isEqualTo(0x248bfa47);
        assertThat(murmur("The quick brown fox jumps over the lazy dog")).isEqualTo(0x2e4ff723);
        assertThat(murmur("ü€😀")).isEqualTo(0x0e9688f1);
    }

    @Test
    void golden_shards() {
        assertThat(Shards.of("", 10)).isZero();
        assertThat(Shards.of((String) null, 10)).isZero();
        assertThat(Shards.of("hello", 10)).isEqualTo(1);
        assertThat(Shards.of("hello", 100)).isEqualTo(51);
        assertThat(Shards.of("referrer-1", 100)).isEqualTo(20);
        assertThat(Shards.of("o-17", 10)).isEqualTo(5);
        assertThat(Shards.of("PENDING", 10)).isEqualTo(3);
        assertThat(Shards.of("The quick brown fox jumps over the lazy dog", 1000))
                .isEqualTo((int) (0x2e4ff723L % 1000));
        assertThat(Shards.of("ü€😀", 100)).isEqualTo(81);
    }

    @Test
    void values_hash_their_canonical_key_rendering() {
        assertThat(Shards.of((Object) 42, 10)).isEqualTo(Shards.of("42", 10)).isEqualTo(4);
        assertThat(Shards.of((Object) 42L, 100)).isEqualTo(14);
        assertThat(Shards.of(Instant.parse("2024-05-01T12:00:00Z"), 100)).isEqualTo(73);
        assertThat(Shards.of(Thread.State.NEW, 7)).isEqualTo(Shards.of("NEW", 7));
        assertThat(Shards.canonical(LocalDate.of(2024, 5, 1))).isEqualTo("2024-05-01");
        assertThat(Shards.canonical(UUID.fromString("00000000-0000-0000-0000-00000000000A")))
                .isEqualTo("00000000-0000-0000-0000-00000000000a");
        assertThat(Shards.canonical(new byte[] {1, (byte) 0xab})).isEqualTo("01ab");
        assertThat(Shards.canonical(true)).isEqualTo("true");
        assertThat(Shards.canonical(new java.math.BigDecimal("1.50"))).isEqualTo("1.5");
        assertThatThrownBy(() -> Shards.canonical(new Object())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shards_are_spread_evenly() {
        int[] counts = new int[10];
        for (int i = 0; i < 10_000; i++) {
            counts[Shards.of("order-" + i, 10)]++;
        }
        for (int c : counts) {
            assertThat(c).isBetween(850, 1150);
        }
        for (int i = 0; i < 1000; i++) {
            assertThat(Shards.random(7)).isBetween(0, 6);
        }
    }

    @Test
    void shard_partition_values() {
        assertThat(Shards.numbers(3)).containsExactly(AttributeValue.n(0), AttributeValue.n(1), AttributeValue.n(2));
        assertThat(Shards.numbers(3)).isSameAs(Shards.numbers(3));
        assertThat(Shards.suffixed("STATUS#PENDING", 7)).isEqualTo("STATUS#PENDING#7");
        assertThat(Shards.suffixed(null, 7)).isNull();
        assertThat(Shards.suffixedValues("S#X", 2))
                .containsExactly(AttributeValue.s("S#X#0"), AttributeValue.s("S#X#1"));
        assertThatThrownBy(() -> Shards.of("x", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
