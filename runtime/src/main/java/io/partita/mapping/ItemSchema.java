package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * How one Java type (an entity, a projection view, a nested record) maps to an item, without reflection.
 *
 * <p>Generated code extends {@link AbstractItemSchema} (one statement per attribute, no lambdas). A hand-written
 * schema can do the same, or be assembled from accessor lambdas, codecs and a constructor lambda:
 *
 * <pre>{@code
 * static final ItemSchema<GameScore> SCHEMA = ItemSchema.builder(GameScore.class)
 *         .attribute("UserId", GameScore::userId, Codecs.STRING)        // index 0
 *         .attribute("GameTitle", GameScore::gameTitle, Codecs.STRING)  // index 1
 *         .attribute("TopScore", GameScore::topScore, Codecs.INTEGER)   // index 2
 *         .attribute("Wins", GameScore::wins, Codecs.PRIMITIVE_INT)     // index 3
 *         .build(v -> new GameScore(v.get(0), v.get(1), v.get(2), v.get(3)));
 * }</pre>
 *
 * A class with a no-arg constructor and setters uses a block lambda instead
 * ({@code v -> { Order o = new Order(); o.setId(v.get(0)); ...; return o; }}).
 *
 * <p>Null handling: a null field value leaves the attribute out of the item; a missing or {@code NULL}
 * attribute reads back as the codec's {@link AttributeCodec#absent()} value (null, a primitive default,
 * {@code Optional.empty()}). Attributes the schema does not declare are ignored on read.
 *
 * @param <T> the mapped type
 */
public interface ItemSchema<T> extends ItemDecoder<T> {

    /** The mapped type's simple name, used in error messages. */
    String typeName();

    /** The declared attribute names, in declaration order. */
    List<String> attributeNames();

    /** Writes the attributes of {@code value} into {@code item} (existing entries with other names stay). */
    void writeItem(T value, Map<String, AttributeValue> item);

    /**
     * Writes the attributes of {@code value} into an item builder (the core's array-backed item). Generated
     * schemas write directly; the default goes through {@link #writeItem(Object, Map)}.
     */
    default void writeItem(T value, ItemMap.Builder item) {
        Map<String, AttributeValue> written = new java.util.LinkedHashMap<>();
        writeItem(value, written);
        written.forEach(item::put);
    }

    /** The item for {@code value}: every non-null field as an attribute. */
    default Map<String, AttributeValue> toItem(T value) {
        Map<String, AttributeValue> item =
                new HashMap<>(Math.max(16, attributeNames().size() * 2));
        writeItem(value, item);
        return item;
    }

    /**
     * The value an item holds.
     *
     * @throws MappingException naming the attribute when one has the wrong type or an unreadable value
     */
    @Override
    T fromItem(Map<String, AttributeValue> item);

    /**
     * The class every {@link #fromItem} result has when decoded values may be kept with the stored item they were
     * read from and handed out again instead of decoding it anew ({@link io.partita.Partita.Builder#reuseDecodedEntities});
     * null (the default) when not. A schema may return its class only when {@code fromItem} is a pure function of
     * the item returning instances of exactly that class that are deeply immutable: a record whose components are
     * all strings, primitives and their boxes, enums, {@code java.time} values, {@code BigDecimal},
     * {@code BigInteger}, {@code UUID} or such records, read without user converters. The processor decides this
     * when it compiles an entity (collections, arrays, {@code byte[]}, converters and other types make it null);
     * schemas built with {@link #builder} always return null.
     */
    default @Nullable Class<T> memoizableType() {
        return null;
    }

    /** This schema as a codec for a nested value, stored as an {@code M} attribute. */
    default AttributeCodec<T> asCodec() {
        return Codecs.nested(this);
    }

    /** Starts a schema for {@code type}; the class is used for its name only. */
    static <T> Builder<T> builder(Class<T> type) {
        return new Builder<>(type.getSimpleName());
    }

    /** Starts a schema for a type named {@code typeName} (in error messages). */
    static <T> Builder<T> builder(String typeName) {
        return new Builder<>(typeName);
    }

    /** Builds the mapped value from its decoded attribute values. */
    @FunctionalInterface
    interface Assembler<T> {
        T assemble(ItemValues values);
    }

    /** One declared attribute: its stored name, how to read it from the value, and its codec. */
    record AttributeMapping<T, V>(String name, Function<? super T, ? extends V> getter, AttributeCodec<V> codec) {
        public AttributeMapping {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(getter, "getter");
            Objects.requireNonNull(codec, "codec");
        }
    }

    /**
     * Collects attribute mappings in declaration order; the {@code n}-th {@code attribute(...)} call is
     * {@code values.get(n)} in the assembler.
     */
    final class Builder<T> {
        private final String typeName;
        private final List<AttributeMapping<T, ?>> attributes = new ArrayList<>();

        private Builder(String typeName) {
            this.typeName = Objects.requireNonNull(typeName, "typeName");
        }

        /** Declares the next attribute. */
        public <V> Builder<T> attribute(String name, Function<? super T, ? extends V> getter, AttributeCodec<V> codec) {
            for (AttributeMapping<T, ?> existing : attributes) {
                if (existing.name().equals(name)) {
                    throw new IllegalArgumentException(RuntimeMessage.AttributeMappedTwice.format(typeName, name));
                }
            }
            attributes.add(new AttributeMapping<>(name, getter, codec));
            return this;
        }

        /** The finished schema; {@code assembler} receives the values in declaration order. */
        public ItemSchema<T> build(Assembler<T> assembler) {
            return new MappedItemSchema<>(typeName, attributes, Objects.requireNonNull(assembler, "assembler"));
        }
    }
}
