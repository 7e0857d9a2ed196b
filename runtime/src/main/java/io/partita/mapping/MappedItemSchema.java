package io.partita.mapping;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@link ItemSchema} built from attribute mappings: parallel arrays walked in a tight loop, no
 * reflection, no per-call allocation beyond the item map (write) or the value array (read).
 */
final class MappedItemSchema<T> implements ItemSchema<T> {
    private final String typeName;
    private final String[] names;
    private final Function<? super T, ?>[] getters;
    private final AttributeCodec<Object>[] codecs;
    private final List<String> attributeNames;
    private final Assembler<T> assembler;

    @SuppressWarnings("unchecked")
    MappedItemSchema(String typeName, List<AttributeMapping<T, ?>> attributes, Assembler<T> assembler) {
        this.typeName = typeName;
        int n = attributes.size();
        this.names = new String[n];
        this.getters = newArray(n);
        this.codecs = newCodecArray(n);
        for (int i = 0; i < n; i++) {
            AttributeMapping<T, ?> a = attributes.get(i);
            names[i] = a.name();
            getters[i] = a.getter();
            codecs[i] = (AttributeCodec<Object>) a.codec();
        }
        this.attributeNames = List.of(names);
        this.assembler = assembler;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    @Override
    public List<String> attributeNames() {
        return attributeNames;
    }

    @Override
    public void writeItem(T value, Map<String, AttributeValue> item) {
        for (int i = 0; i < names.length; i++) {
            Object field = getters[i].apply(value);
            if (field != null) {
                AttributeValue encoded;
                try {
                    encoded = codecs[i].encode(field);
                } catch (RuntimeException e) {
                    throw new MappingException(
                            RuntimeMessage.CannotWriteField.format(typeName, names[i], field, e.getMessage()), e);
                }
                if (encoded != null) {
                    item.put(names[i], encoded);
                }
            }
        }
    }

    /** The item as the core stores it (an immutable, array-backed map): no hash table, and no copy when written. */
    @Override
    public Map<String, AttributeValue> toItem(T value) {
        ItemMap.Builder item = ItemMap.builder(names.length);
        writeItem(value, item);
        return item.build();
    }

    /** {@link #writeItem(Object, Map)} into an item builder: schema attribute names are distinct, so no lookups. */
    @Override
    public void writeItem(T value, ItemMap.Builder item) {
        for (int i = 0; i < names.length; i++) {
            Object field = getters[i].apply(value);
            if (field != null) {
                AttributeValue encoded;
                try {
                    encoded = codecs[i].encode(field);
                } catch (RuntimeException e) {
                    throw new MappingException(
                            RuntimeMessage.CannotWriteField.format(typeName, names[i], field, e.getMessage()), e);
                }
                if (encoded != null) {
                    item.add(names[i], encoded);
                }
            }
        }
    }

    @Override
    public T fromItem(Map<String, AttributeValue> item) {
        Object[] values = new Object[names.length];
        for (int i = 0; i < names.length; i++) {
            AttributeValue stored = item.get(names[i]);
            AttributeCodec<Object> codec = codecs[i];
            if (stored == null || stored.type() == AttributeType.NULL) {
                values[i] = codec.absent();
            } else {
                try {
                    values[i] = codec.decode(stored);
                } catch (RuntimeException e) {
                    throw new MappingException(
                            RuntimeMessage.CannotReadAttribute.format(names[i], typeName, stored, e.getMessage()), e);
                }
            }
        }
        return assembler.assemble(new ItemValues(values));
    }

    @Override
    public String toString() {
        return "ItemSchema[" + typeName + " " + attributeNames + "]";
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T> Function<T, Object>[] newArray(int n) {
        return new Function[n];
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static AttributeCodec<Object>[] newCodecArray(int n) {
        return new AttributeCodec[n];
    }
}
