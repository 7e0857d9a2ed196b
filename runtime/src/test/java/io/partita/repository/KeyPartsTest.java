package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link QueryBuilder.KeyParts} (its first pair in fields, the others in an array) against a {@link LinkedHashMap}:
 * random sequences of puts over a few names — new names, a name given again replacing its value in place, equal but
 * not identical names — and copies taken at random points and changed afterwards, which must not change each other.
 * Seed printed.
 */
class KeyPartsTest {
    private static final String[] NAMES = {"pk", "sk", "a", "b", "c", "d", "e"};

    @Test
    void keyPartsAreAnInsertionOrderedMap() {
        long seed = Seeds.seed("KeyPartsTest", 0x6B507409L);
        Random random = new Random(seed);
        for (int round = 0; round < 2_000; round++) {
            List<QueryBuilder.KeyParts> parts = new ArrayList<>();
            List<LinkedHashMap<String, AttributeValue>> models = new ArrayList<>();
            parts.add(new QueryBuilder.KeyParts());
            models.add(new LinkedHashMap<>());
            int steps = random.nextInt(12);
            for (int step = 0; step < steps; step++) {
                int which = random.nextInt(parts.size());
                if (random.nextInt(5) == 0) { // a copy (a staged builder's next stage), changed on its own from now on
                    parts.add(new QueryBuilder.KeyParts(parts.get(which)));
                    models.add(new LinkedHashMap<>(models.get(which)));
                    continue;
                }
                String name = NAMES[random.nextInt(1 + random.nextInt(NAMES.length))];
                if (random.nextBoolean()) {
                    name = new String(name.toCharArray()); // equal, not the same instance
                }
                AttributeValue value = AttributeValue.s("v" + random.nextInt(100));
                parts.get(which).put(name, value);
                models.get(which).put(name, value);
            }
            for (int k = 0; k < parts.size(); k++) {
                check(parts.get(k), models.get(k), "seed " + seed + " round " + round + " parts " + k);
            }
        }
        assertThat(QueryBuilder.KeyParts.NONE.isEmpty()).isTrue();
        assertThat(QueryBuilder.KeyParts.NONE.size()).isZero();
    }

    private static void check(QueryBuilder.KeyParts parts, Map<String, AttributeValue> model, String context) {
        assertThat(parts.size()).as(context).isEqualTo(model.size());
        assertThat(parts.isEmpty()).as(context).isEqualTo(model.isEmpty());
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : model.entrySet()) {
            assertThat(parts.name(i)).as(context + " name " + i).isEqualTo(e.getKey());
            assertThat(parts.value(i)).as(context + " value " + i).isSameAs(e.getValue());
            i++;
        }
        for (String name : NAMES) {
            assertThat(parts.contains(name)).as(context + " contains " + name).isEqualTo(model.containsKey(name));
        }
    }
}
