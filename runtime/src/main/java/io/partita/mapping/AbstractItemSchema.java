package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The base of an unrolled {@link ItemSchema}: one statement per attribute, written out in the subclass, instead of
 * the accessor and constructor lambdas of {@link ItemSchema#builder}. This is what the processor generates for every
 * entity, index view and nested type (a private nested class {@code Schema} in the repository), and what a
 * hand-written schema can extend:
 *
 * <pre>{@code
 * final class GameScoreSchema extends AbstractItemSchema<GameScore> {
 *     GameScoreSchema() {
 *         super("GameScore", "UserId", "GameTitle", "TopScore");
 *     }
 *
 *     public void writeItem(GameScore e, ItemMap.Builder item) {
 *         write(item, "UserId", e.userId(), Codecs.STRING);
 *         write(item, "GameTitle", e.gameTitle(), Codecs.STRING);
 *         write(item, "TopScore", e.topScore(), Codecs.PRIMITIVE_INT);
 *     }
 *
 *     public GameScore fromItem(Map<String, AttributeValue> item) {
 *         return new GameScore(
 *                 read(item, 0, "UserId", Codecs.STRING),
 *                 read(item, 1, "GameTitle", Codecs.STRING),
 *                 read(item, 2, "TopScore", Codecs.PRIMITIVE_INT));
 *     }
 * }
 * }</pre>
 *
 * Each {@code write}/{@code read} call site sees one codec, so the JIT inlines the codec into it; decoding builds the
 * value directly (no value array, no boxing beyond what the codec returns). The null rules and error messages are
 * those of {@link ItemSchema#builder}'s schemas: a null field leaves the attribute out, a codec that returns null
 * leaves it out, a missing or {@code NULL} attribute reads as the codec's {@link AttributeCodec#absent()}, and a
 * codec failure is a {@link MappingException} naming type, attribute and value.
 *
 * @param <T> the mapped type
 */
public abstract class AbstractItemSchema<T> implements ItemSchema<T> {
    private final String typeName;
    private final List<String> attributeNames;
    private final ItemMap.Layout layout;

    /**
     * A schema of type {@code typeName} (its simple name, for messages) that writes {@code attributeNames}, in
     * declaration order.
     */
    protected AbstractItemSchema(String typeName, String... attributeNames) {
        this.typeName = typeName;
        this.attributeNames = List.of(attributeNames);
        for (int i = 1; i < attributeNames.length; i++) {
            for (int j = 0; j < i; j++) {
                if (attributeNames[i].equals(attributeNames[j])) {
                    throw new IllegalArgumentException(
                            RuntimeMessage.AttributeMappedTwice.format(typeName, attributeNames[i]));
                }
            }
        }
        // the write methods pass these same String constants in this order, so items fill the layout
        this.layout = ItemMap.Layout.of(this.attributeNames);
    }

    @Override
    public final String typeName() {
        return typeName;
    }

    @Override
    public final List<String> attributeNames() {
        return attributeNames;
    }

    /**
     * Writes {@code value}'s attributes into an item builder, one {@link #write(ItemMap.Builder, String, Object,
     * AttributeCodec)} per attribute: the one write method a subclass implements.
     */
    @Override
    public abstract void writeItem(T value, ItemMap.Builder item);

    /**
     * Writes {@code value}'s attributes into {@code item} (replacing entries of the same names) through
     * {@link #writeItem(Object, ItemMap.Builder)}.
     */
    @Override
    public void writeItem(T value, Map<String, AttributeValue> item) {
        item.putAll(toItem(value));
    }

    /**
     * The item as the core stores it (an immutable, array-backed map): no hash table, and no copy when written. An
     * item with every attribute shares the schema's attribute names (one array of values per item).
     */
    @Override
    public Map<String, AttributeValue> toItem(T value) {
        ItemMap.Builder item = ItemMap.builder(layout);
        writeItem(value, item);
        return item.build();
    }

    /**
     * Writes attribute {@code name} of {@code value} into an item builder: nothing when {@code field} is null or the
     * codec stores nothing. The schema's attribute names are distinct, so no lookup.
     */
    protected final <V> void write(ItemMap.Builder item, String name, V field, AttributeCodec<V> codec) {
        if (field != null) {
            AttributeValue encoded = encode(name, field, codec);
            if (encoded != null) {
                item.add(name, encoded);
            }
        }
    }

    // The typed writes below are what generated schemas call for the commonest built-in codecs, for the reason the
    // typed reads exist: write(...) inlines the codec's encode at each call site, but Codecs' built-in encode (one
    // switch over every kind) is too big to be inlined, so each attribute paid a call and a switch, and a primitive a
    // box. Each writes exactly what write(item, name, field, codec) writes with that codec.

    /** {@link #write(ItemMap.Builder, String, Object, AttributeCodec)} with {@link Codecs#STRING}: the same item. */
    protected final void writeString(ItemMap.Builder item, String name, String field) {
        if (field != null) {
            item.add(name, AttributeValue.s(field));
        }
    }

    /** {@link #write(ItemMap.Builder, String, Object, AttributeCodec)} with {@link Codecs#PRIMITIVE_INT}: no box. */
    protected final void writeInt(ItemMap.Builder item, String name, int field) {
        item.add(name, AttributeValue.n((long) field));
    }

    /** {@link #write(ItemMap.Builder, String, Object, AttributeCodec)} with {@link Codecs#PRIMITIVE_LONG}: no box. */
    protected final void writeLong(ItemMap.Builder item, String name, long field) {
        item.add(name, AttributeValue.n(field));
    }

    /** {@link #write(ItemMap.Builder, String, Object, AttributeCodec)} with {@link Codecs#INSTANT}: the same item. */
    protected final void writeInstant(ItemMap.Builder item, String name, Instant field) {
        if (field != null) {
            item.add(name, AttributeValue.s(KeyFormat.text(field)));
        }
    }

    /**
     * {@link #write(ItemMap.Builder, String, Object, AttributeCodec)} with {@link Codecs#BIG_DECIMAL}: the same item,
     * or the same exception for a number DynamoDB cannot store.
     */
    protected final void writeBigDecimal(ItemMap.Builder item, String name, BigDecimal field) {
        if (field != null) {
            AttributeValue number;
            try {
                number = AttributeValue.n(field);
            } catch (RuntimeException e) {
                throw MappingException.of(
                        RuntimeMessage.CannotWriteField.format(typeName, name, field, e.getMessage()), e);
            }
            item.add(name, number);
        }
    }

    /** The value of attribute {@code name}: the codec's {@link AttributeCodec#absent()} when missing or NULL. */
    protected final <V> V read(Map<String, AttributeValue> item, String name, AttributeCodec<V> codec) {
        return decode(name, item.get(name), codec);
    }

    /**
     * {@link #read(Map, String, AttributeCodec)} for the attribute at position {@code index} of this schema's
     * attribute names (the order of the constructor's {@code attributeNames}, which is the order
     * {@link #toItem(Object)} writes them in): an {@link ItemMap} this schema wrote holds {@code name} at that
     * position, so it is read without a lookup ({@link ItemMap#get(int, String)}); any other map, or an item of
     * another shape, is looked up by name. The result is always that of the lookup by name.
     */
    protected final <V> V read(Map<String, AttributeValue> item, int index, String name, AttributeCodec<V> codec) {
        return decode(name, lookup(item, index, name), codec);
    }

    // The typed reads below are what generated schemas call for the commonest built-in codecs. Each is
    // read(item, index, name, codec) with that codec, in a method of its own, small and of one value type: a shared
    // read(...) called from every attribute of a schema with every codec is compiled on its own once hot, too large
    // to be inlined afterwards ("already compiled into a big method"), and then dispatches on a codec it cannot see.

    /** {@link #read(Map, int, String, AttributeCodec)} with {@link Codecs#STRING}: same value or exception. */
    protected final String readString(Map<String, AttributeValue> item, int index, String name) {
        AttributeValue stored = lookup(item, index, name);
        return stored instanceof AttributeValue.S s ? s.value() : decode(name, stored, Codecs.STRING);
    }

    /** {@link #read(Map, int, String, AttributeCodec)} with {@link Codecs#PRIMITIVE_INT}: same value or exception. */
    protected final int readInt(Map<String, AttributeValue> item, int index, String name) {
        AttributeValue stored = lookup(item, index, name);
        if (stored instanceof AttributeValue.N n && n.fitsLong() && n.longValue() == (int) n.longValue()) {
            return (int) n.longValue();
        }
        return decode(name, stored, Codecs.PRIMITIVE_INT);
    }

    /** {@link #read(Map, int, String, AttributeCodec)} with {@link Codecs#PRIMITIVE_LONG}: same value or exception. */
    protected final long readLong(Map<String, AttributeValue> item, int index, String name) {
        AttributeValue stored = lookup(item, index, name);
        if (stored instanceof AttributeValue.N n && n.fitsLong()) {
            return n.longValue();
        }
        return decode(name, stored, Codecs.PRIMITIVE_LONG);
    }

    /**
     * {@link #read(Map, int, String, AttributeCodec)} with {@link Codecs#INSTANT}: same value or exception. The
     * fixed form {@link Codecs#INSTANT} writes is parsed here; anything else goes through the codec.
     */
    protected final Instant readInstant(Map<String, AttributeValue> item, int index, String name) {
        AttributeValue stored = lookup(item, index, name);
        if (stored instanceof AttributeValue.S s) {
            Instant fixed = KeyFormat.parseFixedInstant(s.value());
            if (fixed != null) {
                return fixed;
            }
        }
        return decode(name, stored, Codecs.INSTANT);
    }

    /** {@link #read(Map, int, String, AttributeCodec)} with {@link Codecs#BIG_DECIMAL}: same value or exception. */
    protected final BigDecimal readBigDecimal(Map<String, AttributeValue> item, int index, String name) {
        AttributeValue stored = lookup(item, index, name);
        return stored instanceof AttributeValue.N n ? n.value() : decode(name, stored, Codecs.BIG_DECIMAL);
    }

    private static AttributeValue lookup(Map<String, AttributeValue> item, int index, String name) {
        return item instanceof ItemMap m ? m.get(index, name) : item.get(name);
    }

    @SuppressWarnings("unchecked") // each fast path is taken only for the one codec whose type V is
    private <V> V decode(String name, AttributeValue stored, AttributeCodec<V> codec) {
        // The built-in codecs of the commonest fields, decoded here when the stored value has their type (what the
        // codec itself returns for it, without its dispatch and, once inlined, without a box for primitives);
        // the JIT folds the codec comparisons at each generated call site, whose codec is a constant.
        if (codec == Codecs.STRING) {
            if (stored instanceof AttributeValue.S s) {
                return (V) s.value();
            }
        } else if (codec == Codecs.PRIMITIVE_LONG || codec == Codecs.LONG) {
            if (stored instanceof AttributeValue.N n && n.fitsLong()) {
                return (V) Long.valueOf(n.longValue());
            }
        } else if (codec == Codecs.PRIMITIVE_INT || codec == Codecs.INTEGER) {
            if (stored instanceof AttributeValue.N n && n.fitsLong() && n.longValue() == (int) n.longValue()) {
                return (V) Integer.valueOf((int) n.longValue());
            }
        }
        if (stored == null || stored.type() == AttributeType.NULL) {
            return codec.absent();
        }
        try {
            return codec.decode(stored);
        } catch (RuntimeException e) {
            throw MappingException.of(
                    RuntimeMessage.CannotReadAttribute.format(name, typeName, stored, e.getMessage()), e);
        }
    }

    private <V> AttributeValue encode(String name, V field, AttributeCodec<V> codec) {
        try {
            return codec.encode(field);
        } catch (RuntimeException e) {
            throw MappingException.of(RuntimeMessage.CannotWriteField.format(typeName, name, field, e.getMessage()), e);
        }
    }

    @Override
    public String toString() {
        return "ItemSchema[" + typeName + " " + attributeNames + "]";
    }
}
