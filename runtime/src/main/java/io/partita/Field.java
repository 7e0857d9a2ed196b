package io.partita;

import io.partita.internal.RuntimeMessage;
import io.partita.mapping.AttributeCodec;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A stored attribute of entity {@code E} holding a {@code V}: what typed conditions and partial updates
 * name. Generated repositories expose one constant per stored field
 * ({@code public static final Field<GameScore, Integer> TOP_SCORE = Field.of("TopScore", "topScore", Codecs.INTEGER)}),
 * so {@code scores.update(key).set(TOP_SCORE, 2000)} compiles only with a value of the field's type.
 *
 * @param <E> the entity
 * @param <V> the field's Java type
 */
@SuppressWarnings("UnusedTypeParameter") // E is a phantom type: Update<E>.set(Field<E, V>, V) takes only E's fields
public final class Field<E, V> {
    private final String attributeName;
    private final String fieldName;
    private final AttributeCodec<V> codec;

    private Field(String attributeName, String fieldName, AttributeCodec<V> codec) {
        this.attributeName = Objects.requireNonNull(attributeName, "attributeName");
        this.fieldName = Objects.requireNonNull(fieldName, "fieldName");
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    /** A field stored as {@code attributeName}, named {@code fieldName} in Java, mapped by {@code codec}. */
    public static <E, V> Field<E, V> of(String attributeName, String fieldName, AttributeCodec<V> codec) {
        return new Field<>(attributeName, fieldName, codec);
    }

    /** The stored attribute name. */
    public String attributeName() {
        return attributeName;
    }

    /** The Java field (or record component) name, for messages. */
    public String fieldName() {
        return fieldName;
    }

    public AttributeCodec<V> codec() {
        return codec;
    }

    /**
     * The stored form of {@code value}; {@code null} for null or for values stored as "absent" (an empty set,
     * an empty Optional).
     */
    public @Nullable AttributeValue encode(@Nullable V value) {
        return value == null ? null : codec.encode(value);
    }

    private AttributeValue operand(V value) {
        AttributeValue encoded = encode(value);
        if (encoded == null) {
            throw new IllegalArgumentException(RuntimeMessage.ConditionValueNotStorable.format(fieldName, value));
        }
        return encoded;
    }

    public Condition eq(V value) {
        return Condition.eq(attributeName, operand(value));
    }

    public Condition ne(V value) {
        return Condition.ne(attributeName, operand(value));
    }

    public Condition lt(V value) {
        return Condition.lt(attributeName, operand(value));
    }

    public Condition le(V value) {
        return Condition.le(attributeName, operand(value));
    }

    public Condition gt(V value) {
        return Condition.gt(attributeName, operand(value));
    }

    public Condition ge(V value) {
        return Condition.ge(attributeName, operand(value));
    }

    public Condition between(V low, V high) {
        return Condition.between(attributeName, operand(low), operand(high));
    }

    /** {@code begins_with} for fields stored as S or B. */
    public Condition beginsWith(V prefix) {
        return Condition.beginsWith(attributeName, operand(prefix));
    }

    @SafeVarargs
    public final Condition in(V... values) {
        List<AttributeValue> operands = new ArrayList<>(values.length);
        for (V v : values) {
            operands.add(operand(v));
        }
        return Condition.in(attributeName, operands);
    }

    /** The attribute is stored (the field was non-null when written). */
    public Condition exists() {
        return Condition.attributeExists(attributeName);
    }

    /** The attribute is absent (the field was null when written). */
    public Condition notExists() {
        return Condition.attributeNotExists(attributeName);
    }

    @Override
    public String toString() {
        return fieldName + " (" + attributeName + ")";
    }
}
