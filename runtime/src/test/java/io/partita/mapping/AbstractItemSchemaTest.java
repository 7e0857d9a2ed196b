package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The unrolled schema generated code extends behaves as the lambda-assembled {@link ItemSchema#builder} schema:
 * same items, same values read back, same null/absent rules, same {@link MappingException} messages.
 */
class AbstractItemSchemaTest {

    record Thing(
            String name,
            Integer count,
            int primitive,
            long big,
            short small,
            byte tiny,
            double ratio,
            Set<String> tags,
            Optional<String> note) {}

    static final ItemSchema<Thing> LAMBDAS = ItemSchema.builder(Thing.class)
            .attribute("name", Thing::name, Codecs.STRING)
            .attribute("count", Thing::count, Codecs.INTEGER)
            .attribute("primitive", Thing::primitive, Codecs.PRIMITIVE_INT)
            .attribute("big", Thing::big, Codecs.PRIMITIVE_LONG)
            .attribute("small", Thing::small, Codecs.PRIMITIVE_SHORT)
            .attribute("tiny", Thing::tiny, Codecs.PRIMITIVE_BYTE)
            .attribute("ratio", Thing::ratio, Codecs.PRIMITIVE_DOUBLE)
            .attribute("tags", Thing::tags, Codecs.set(Codecs.STRING))
            .attribute("note", Thing::note, Codecs.optional(Codecs.STRING))
            .build(v -> new Thing(
                    v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5), v.get(6), v.get(7), v.get(8)));

    /** What the processor generates for {@code Thing}. */
    static final class Unrolled extends AbstractItemSchema<Thing> {
        private static final AttributeCodec<Set<String>> TAGS_CODEC = Codecs.set(Codecs.STRING);
        private static final AttributeCodec<Optional<String>> NOTE_CODEC = Codecs.optional(Codecs.STRING);

        Unrolled() {
            super("Thing", "name", "count", "primitive", "big", "small", "tiny", "ratio", "tags", "note");
        }

        @Override
        public void writeItem(Thing e, ItemMap.Builder item) {
            write(item, "name", e.name(), Codecs.STRING);
            write(item, "count", e.count(), Codecs.INTEGER);
            write(item, "primitive", e.primitive(), Codecs.PRIMITIVE_INT);
            write(item, "big", e.big(), Codecs.PRIMITIVE_LONG);
            write(item, "small", e.small(), Codecs.PRIMITIVE_SHORT);
            write(item, "tiny", e.tiny(), Codecs.PRIMITIVE_BYTE);
            write(item, "ratio", e.ratio(), Codecs.PRIMITIVE_DOUBLE);
            write(item, "tags", e.tags(), TAGS_CODEC);
            write(item, "note", e.note(), NOTE_CODEC);
        }

        @Override
        public Thing fromItem(Map<String, AttributeValue> item) {
            return new Thing(
                    read(item, "name", Codecs.STRING),
                    read(item, "count", Codecs.INTEGER),
                    read(item, "primitive", Codecs.PRIMITIVE_INT),
                    read(item, "big", Codecs.PRIMITIVE_LONG),
                    read(item, "small", Codecs.PRIMITIVE_SHORT),
                    read(item, "tiny", Codecs.PRIMITIVE_BYTE),
                    read(item, "ratio", Codecs.PRIMITIVE_DOUBLE),
                    read(item, "tags", TAGS_CODEC),
                    read(item, "note", NOTE_CODEC));
        }
    }

    static final ItemSchema<Thing> UNROLLED = new Unrolled();

    @Test
    void writesAndReadsTheSameItemsAsTheLambdaSchema() {
        List<Thing> things = List.of(
                new Thing("a", 1, 2, 3L, (short) 4, (byte) 5, 0.5, Set.of("x", "y"), Optional.of("n")),
                new Thing(null, null, 0, 0L, (short) 0, (byte) 0, 0, Set.of(), Optional.empty()),
                new Thing(
                        "b",
                        Integer.MIN_VALUE,
                        Integer.MAX_VALUE,
                        Long.MIN_VALUE,
                        Short.MIN_VALUE,
                        Byte.MAX_VALUE,
                        -1e100,
                        Set.of("only"),
                        Optional.empty()));
        for (Thing t : things) {
            Map<String, AttributeValue> expected = LAMBDAS.toItem(t);
            assertThat(UNROLLED.toItem(t)).isEqualTo(expected);
            Map<String, AttributeValue> map = new LinkedHashMap<>();
            map.put("other", AttributeValue.s("kept"));
            map.put("name", AttributeValue.s("replaced"));
            UNROLLED.writeItem(t, map);
            Map<String, AttributeValue> lambdaMap = new LinkedHashMap<>();
            lambdaMap.put("other", AttributeValue.s("kept"));
            lambdaMap.put("name", AttributeValue.s("replaced"));
            LAMBDAS.writeItem(t, lambdaMap);
            assertThat(map).isEqualTo(lambdaMap);
            assertThat(UNROLLED.fromItem(expected))
                    .isEqualTo(LAMBDAS.fromItem(expected))
                    .isEqualTo(t);
            assertThat(UNROLLED.fromItem(new HashMap<>(expected))).isEqualTo(t);
        }
        assertThat(UNROLLED.fromItem(Map.of())).isEqualTo(LAMBDAS.fromItem(Map.of()));
        assertThat(UNROLLED.fromItem(Map.of("name", AttributeValue.nul(), "primitive", AttributeValue.nul())))
                .isEqualTo(LAMBDAS.fromItem(Map.of()));
        assertThat(UNROLLED.attributeNames()).isEqualTo(LAMBDAS.attributeNames());
        assertThat(UNROLLED.typeName()).isEqualTo(LAMBDAS.typeName());
        assertThat(UNROLLED.toString()).isEqualTo(LAMBDAS.toString());
    }

    /** Numbers out of range, fractions, 19-digit longs and wrong types: same values or the same messages. */
    @Test
    void readsNumbersAndFailsExactlyAsTheLambdaSchema() {
        List<AttributeValue> values = List.of(
                AttributeValue.n(0),
                AttributeValue.n(-1),
                AttributeValue.n(127),
                AttributeValue.n(128),
                AttributeValue.n(-129),
                AttributeValue.n(32_768),
                AttributeValue.n(Integer.MAX_VALUE),
                AttributeValue.n(Integer.MAX_VALUE + 1L),
                AttributeValue.n(Integer.MIN_VALUE - 1L),
                AttributeValue.n(Long.MAX_VALUE),
                AttributeValue.n(Long.MIN_VALUE),
                AttributeValue.n(new BigDecimal("9223372036854775808")),
                AttributeValue.n(new BigDecimal("1.5")),
                AttributeValue.n(new BigDecimal("1E+20")),
                AttributeValue.n(new BigDecimal("100")),
                AttributeValue.s("12"),
                AttributeValue.bool(true));
        List<String> differences = new ArrayList<>();
        for (String attribute : List.of("count", "primitive", "big", "small", "tiny", "ratio", "tags", "note")) {
            for (AttributeValue v : values) {
                Map<String, AttributeValue> item = Map.of(attribute, v);
                String unrolled = outcome(UNROLLED, item);
                String lambdas = outcome(LAMBDAS, item);
                if (!unrolled.equals(lambdas)) {
                    differences.add(attribute + " = " + v + ": " + unrolled + " vs " + lambdas);
                }
            }
        }
        assertThat(differences).isEmpty();
    }

    @Test
    void writeFailuresNameTypeAttributeAndValueAsTheLambdaSchema() {
        Thing nan = new Thing("a", 1, 2, 3L, (short) 4, (byte) 5, Double.NaN, Set.of(), Optional.empty());
        assertThatThrownBy(() -> UNROLLED.toItem(nan))
                .isInstanceOf(MappingException.class)
                .hasMessage(messageOf(() -> LAMBDAS.toItem(nan)))
                .hasMessageContaining("Thing.ratio");
        assertThatThrownBy(() -> UNROLLED.writeItem(nan, new HashMap<>()))
                .isInstanceOf(MappingException.class)
                .hasMessage(messageOf(() -> LAMBDAS.toItem(nan)));
    }

    /** Items come from the schema's layout: declaration order, and a complete item shares the schema's names. */
    @Test
    void itemsKeepDeclarationOrderAndCompleteOnesShareTheSchemasNames() {
        Thing full = new Thing("a", 1, 2, 3L, (short) 4, (byte) 5, 0.5, Set.of("x"), Optional.of("n"));
        Thing other = new Thing("b", 6, 7, 8L, (short) 9, (byte) 1, 1.5, Set.of("y"), Optional.of("m"));
        ItemMap first = (ItemMap) UNROLLED.toItem(full);
        ItemMap second = (ItemMap) UNROLLED.toItem(other);
        assertThat(List.copyOf(first.keySet())).isEqualTo(UNROLLED.attributeNames());
        assertThat(first.sharesLayoutWith(second)).isTrue();
        Thing partial = new Thing(null, 1, 2, 3L, (short) 4, (byte) 5, 0.5, Set.of(), Optional.empty());
        ItemMap fewer = (ItemMap) UNROLLED.toItem(partial);
        assertThat(List.copyOf(fewer.keySet()))
                .isEqualTo(List.copyOf(LAMBDAS.toItem(partial).keySet()))
                .containsExactly("count", "primitive", "big", "small", "tiny", "ratio");
        assertThat(fewer.sharesLayoutWith(first)).isFalse();
        assertThat(UNROLLED.fromItem(fewer)).isEqualTo(LAMBDAS.fromItem(fewer));
    }

    @Test
    void rejectsAnAttributeNamedTwice() {
        assertThatThrownBy(() -> new AbstractItemSchema<String>("X", "a", "b", "a") {
                    @Override
                    public void writeItem(String value, ItemMap.Builder item) {}

                    @Override
                    public String fromItem(Map<String, AttributeValue> item) {
                        return "";
                    }
                })
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(messageOf(() -> ItemSchema.builder("X")
                        .attribute("a", String::valueOf, Codecs.STRING)
                        .attribute("a", String::valueOf, Codecs.STRING)));
    }

    private static String outcome(ItemSchema<Thing> schema, Map<String, AttributeValue> item) {
        try {
            return "read " + schema.fromItem(item);
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage() + " / cause "
                    + (e.getCause() == null ? null : e.getCause().getClass().getSimpleName());
        }
    }

    private static String messageOf(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected a failure");
    }
}
