package io.partita.mapping;

/**
 * The decoded attribute values of one item, in the order the schema's attributes were declared; what a
 * {@link ItemSchema.Assembler} builds the entity from. {@link #get(int)} infers its type from the call site,
 * so generated code reads {@code new Order(v.get(0), v.get(1), ...)} without casts. Missing attributes hold
 * their codec's {@link AttributeCodec#absent()} value, so primitives are never null.
 */
public final class ItemValues {
    private final Object[] values;

    ItemValues(Object[] values) {
        this.values = values;
    }

    /** The value of the {@code index}-th declared attribute. */
    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"}) // generated constructors: new T(v.get(0), ...)
    public <V> V get(int index) {
        return (V) values[index];
    }

    /** How many attributes the schema declares. */
    public int size() {
        return values.length;
    }
}
