package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyValueMap} (the common query's values map) is {@code Map.of(":p0", value)} to anyone who reads it: every
 * read gives the same answer or throws the same exception, it equals and is equal to {@code Map.of}, {@code HashMap},
 * {@code LinkedHashMap} and {@code TreeMap} copies with the same hash code and text, and every change throws
 * {@code UnsupportedOperationException} as {@code Map.of}'s does, for random values of every type. Seed printed.
 */
class KeyValueMapTest {
    /** One operation on a map, its outcome compared: what it returns, else the exception's class. */
    private static List<Function<Map<String, AttributeValue>, Object>> operations(AttributeValue other) {
        List<Function<Map<String, AttributeValue>, Object>> ops = new ArrayList<>();
        ops.add(Map::size);
        ops.add(Map::isEmpty);
        ops.add(m -> m.get(":p0"));
        ops.add(m -> m.get(new String(":p0".toCharArray()))); // equal, not identical
        ops.add(m -> m.get(":p1"));
        ops.add(m -> m.get(":P0"));
        ops.add(m -> m.get(null));
        ops.add(m -> ((Map<?, ?>) m).get((Object) Integer.valueOf(17)));
        ops.add(m -> m.containsKey(":p0"));
        ops.add(m -> m.containsKey(":p1"));
        ops.add(m -> m.containsKey(null));
        ops.add(m -> m.containsValue(m.get(":p0")));
        ops.add(m -> m.containsValue(other));
        ops.add(m -> m.containsValue(null));
        ops.add(m -> m.getOrDefault(":p0", other));
        ops.add(m -> m.getOrDefault(":p1", other));
        ops.add(m -> m.getOrDefault(null, other));
        ops.add(m -> List.copyOf(m.keySet()));
        ops.add(m -> List.copyOf(m.values()));
        ops.add(m -> List.copyOf(m.entrySet()));
        ops.add(m -> m.keySet().contains(":p0"));
        ops.add(m -> m.entrySet().contains(Map.entry(":p0", m.get(":p0"))));
        ops.add(Map::hashCode);
        ops.add(Map::toString);
        ops.add(m -> m.keySet().hashCode());
        ops.add(m -> m.entrySet().hashCode());
        ops.add(m -> m.put(":p0", other));
        ops.add(m -> m.put(":p1", other));
        ops.add(m -> m.remove(":p0"));
        ops.add(m -> m.remove(":p1"));
        ops.add(m -> m.remove(":p0", m.get(":p0")));
        ops.add(m -> {
            m.putAll(Map.of(":p1", other));
            return null;
        });
        ops.add(m -> {
            m.clear();
            return null;
        });
        ops.add(m -> m.putIfAbsent(":p0", other));
        ops.add(m -> m.putIfAbsent(":p1", other));
        ops.add(m -> m.replace(":p0", other));
        ops.add(m -> m.replace(":p0", m.get(":p0"), other));
        ops.add(m -> {
            m.replaceAll((k, v) -> other);
            return null;
        });
        ops.add(m -> m.computeIfAbsent(":p1", k -> other));
        ops.add(m -> m.computeIfAbsent(":p0", k -> other));
        ops.add(m -> m.computeIfPresent(":p0", (k, v) -> other));
        ops.add(m -> m.compute(":p0", (k, v) -> other));
        ops.add(m -> m.merge(":p0", other, (a, b) -> b));
        ops.add(m -> m.keySet().remove(":p0"));
        ops.add(m -> m.keySet().add(":p1"));
        ops.add(m -> m.values().remove(m.get(":p0")));
        ops.add(m -> m.entrySet().remove(Map.entry(":p0", m.get(":p0"))));
        ops.add(m -> {
            var it = m.entrySet().iterator();
            it.next().setValue(other);
            return null;
        });
        ops.add(m -> {
            var it = m.keySet().iterator();
            it.next();
            it.remove();
            return null;
        });
        ops.add(m -> m.size()); // unchanged after every attempted change
        ops.add(m -> m.get(":p0"));
        return ops;
    }

    private static Object outcome(Function<Map<String, AttributeValue>, Object> op, Map<String, AttributeValue> m) {
        try {
            return op.apply(m);
        } catch (RuntimeException e) {
            return e.getClass();
        }
    }

    private static AttributeValue randomValue(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> AttributeValue.s("v" + random.nextInt(1000));
            case 1 -> AttributeValue.n(random.nextLong());
            case 2 -> AttributeValue.b(new byte[] {(byte) random.nextInt(), (byte) random.nextInt()});
            case 3 -> AttributeValue.bool(random.nextBoolean());
            case 4 -> AttributeValue.s("");
            default -> AttributeValue.n(random.nextInt(10));
        };
    }

    @Test
    void readsAsMapOfAndRefusesEveryChange() {
        long seed = Seeds.seed("KeyValueMapTest", 0x4B564D09L);
        Random random = new Random(seed);
        for (int round = 0; round < 500; round++) {
            AttributeValue value = randomValue(random);
            AttributeValue other = random.nextBoolean() ? randomValue(random) : value;
            Map<String, AttributeValue> ours = new KeyValueMap(value);
            Map<String, AttributeValue> jdk = Map.of(":p0", value);
            List<Function<Map<String, AttributeValue>, Object>> ops = operations(other);
            for (int i = 0; i < ops.size(); i++) {
                assertThat(outcome(ops.get(i), ours))
                        .as("seed %d round %d value %s operation %d", seed, round, value, i)
                        .isEqualTo(outcome(ops.get(i), jdk));
            }
            for (Map<String, AttributeValue> copy :
                    List.of(jdk, new HashMap<>(jdk), new LinkedHashMap<>(jdk), new TreeMap<>(jdk))) {
                assertThat(ours.equals(copy)).isTrue();
                assertThat(copy.equals(ours)).isTrue();
                assertThat(ours.hashCode()).isEqualTo(copy.hashCode());
            }
            assertThat(ours.toString()).isEqualTo(jdk.toString());
            assertThat(ours).isNotEqualTo(Map.of(":p0", AttributeValue.s("never " + value)));
            assertThat(ours).isNotEqualTo(Map.of(":p1", value));
            assertThat(ours).isNotEqualTo(Map.of(":p0", value, ":p1", value));
            assertThat(ours.equals(null)).isFalse();
        }
    }

    @Test
    void theKeySetIsShared() {
        assertThat(new KeyValueMap(AttributeValue.s("a")).keySet())
                .isSameAs(new KeyValueMap(AttributeValue.s("b")).keySet());
    }
}
