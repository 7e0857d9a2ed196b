package io.partita.generated;

import io.partita.internal.RuntimeMessage;
import io.partita.mapping.KeyFormat;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The shard function of {@code @Scatter} — the contract every writer of a scattered index relies on, so it is
 * fixed here and must never change (golden values in {@code ShardsTest} guard it):
 *
 * <pre>
 *   shard(value, n) = unsigned(murmur3_x86_32(utf8(canonical(value)), seed = 0)) mod n
 * </pre>
 *
 * <ul>
 *   <li>{@code canonical(value)} is the value's key-template rendering ({@link KeyFormat#text}): strings as they
 *       are, enums by name, numbers as plain decimals ({@code 42}, {@code -3.5}), booleans {@code true}/{@code
 *       false}, UUIDs in lower-case canonical form, binary as lower-case hex, {@code java.time} values in
 *       fixed-precision ISO-8601 (instants {@code 2024-05-01T12:00:00.000000000Z}). {@code null} is the empty
 *       string (shard 0).</li>
 *   <li>{@code murmur3_x86_32} is Austin Appleby's MurmurHash3, 32-bit x86 variant (as in Guava's
 *       {@code Hashing.murmur3_32_fixed()}, Python's {@code mmh3.hash(s, 0, signed=False)}), so writers in other
 *       languages can compute the same shard: {@code murmur3("hello") = 0x248bfa47}.</li>
 *   <li>the hash is read as an unsigned 32-bit number and reduced modulo {@code n} (1 ≤ n ≤ 1000).</li>
 * </ul>
 *
 * The function depends on nothing in the JVM ({@code String.hashCode} is stable too, but is weak on short,
 * similar keys and not what other languages compute). Random sharding ({@code @Scatter} without {@code by})
 * uses {@link #random(int)}.
 *
 * <p>Physical layouts (see {@code processor/README.md}, "Scatter layout"): the shard number is an extra Number
 * key attribute {@code <index>_shard} (a part of a multi-attribute GSI partition key, or the whole partition key
 * of a GSI with only a sort key), or, for an overloaded template key on a shared GSI, the suffix {@code #<shard>}
 * of the rendered partition key ({@code STATUS#PENDING#7}, {@link #suffixed}).
 */
public final class Shards {
    private static final ConcurrentHashMap<Integer, List<AttributeValue>> NUMBERS = new ConcurrentHashMap<>();

    private Shards() {}

    /** The shard of a value already in its canonical rendering ({@code null} counts as {@code ""}). */
    public static int of(String canonical, int shards) {
        requireShards(shards);
        byte[] bytes = canonical == null ? new byte[0] : canonical.getBytes(StandardCharsets.UTF_8);
        return (int) (Integer.toUnsignedLong(murmur3(bytes, 0)) % shards);
    }

    /** The shard of any scalar key value, rendered canonically first (see the class comment). */
    public static int of(Object value, int shards) {
        return of(canonical(value), shards);
    }

    /** A uniformly random shard in {@code [0, shards)} ({@code @Scatter} without {@code by}). */
    public static int random(int shards) {
        requireShards(shards);
        return ThreadLocalRandom.current().nextInt(shards);
    }

    /** {@code rendered + "#" + shard}: an overloaded template partition key's sharded form; null stays null. */
    public static String suffixed(String rendered, int shard) {
        return rendered == null ? null : rendered + '#' + shard;
    }

    /** Every sharded form of {@code rendered}, shard 0 first: the partitions a gather query reads. */
    public static List<AttributeValue> suffixedValues(String rendered, int shards) {
        requireShards(shards);
        List<AttributeValue> out = new ArrayList<>(shards);
        for (int i = 0; i < shards; i++) {
            out.add(AttributeValue.s(suffixed(rendered, i)));
        }
        return Collections.unmodifiableList(out);
    }

    /** The Number values {@code 0..shards-1}: the partitions of a {@code <index>_shard} attribute (cached). */
    public static List<AttributeValue> numbers(int shards) {
        requireShards(shards);
        return NUMBERS.computeIfAbsent(shards, n -> {
            List<AttributeValue> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(AttributeValue.n(i));
            }
            return Collections.unmodifiableList(out);
        });
    }

    /** The canonical rendering of a scalar key value (see the class comment). */
    public static String canonical(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof CharSequence s) {
            return s.toString();
        }
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        if (value instanceof Number n) {
            return KeyFormat.text(n);
        }
        if (value instanceof Boolean b) {
            return b.toString();
        }
        if (value instanceof Character c) {
            return c.toString();
        }
        if (value instanceof byte[] b) {
            return KeyFormat.text(b);
        }
        if (value instanceof java.util.UUID u) {
            return KeyFormat.text(u);
        }
        if (value instanceof java.time.Instant t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.OffsetDateTime t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.ZonedDateTime t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.LocalDate t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.LocalDateTime t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.LocalTime t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.YearMonth t) {
            return KeyFormat.text(t);
        }
        if (value instanceof java.time.Year t) {
            return KeyFormat.text(t);
        }
        throw new IllegalArgumentException(
                RuntimeMessage.NoCanonicalRendering.format(value.getClass().getName()));
    }

    /** MurmurHash3 x86 32-bit of {@code data} with {@code seed}. */
    @SuppressWarnings("fallthrough") // MurmurHash3's tail: the remaining 1 to 3 bytes, by design
    static int murmur3(byte[] data, int seed) {
        final int c1 = 0xcc9e2d51;
        final int c2 = 0x1b873593;
        int h = seed;
        int blocks = data.length / 4;
        for (int i = 0; i < blocks; i++) {
            int o = i * 4;
            int k = (data[o] & 0xff)
                    | (data[o + 1] & 0xff) << 8
                    | (data[o + 2] & 0xff) << 16
                    | (data[o + 3] & 0xff) << 24;
            k *= c1;
            k = Integer.rotateLeft(k, 15);
            k *= c2;
            h ^= k;
            h = Integer.rotateLeft(h, 13);
            h = h * 5 + 0xe6546b64;
        }
        int tail = blocks * 4;
        int k = 0;
        switch (data.length & 3) {
            case 3:
                k ^= (data[tail + 2] & 0xff) << 16;
            // fall through
            case 2:
                k ^= (data[tail + 1] & 0xff) << 8;
            // fall through
            case 1:
                k ^= data[tail] & 0xff;
                k *= c1;
                k = Integer.rotateLeft(k, 15);
                k *= c2;
                h ^= k;
                break;
            default:
                break;
        }
        h ^= data.length;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    private static void requireShards(int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException(RuntimeMessage.ShardsNotPositive.format(shards));
        }
    }
}
