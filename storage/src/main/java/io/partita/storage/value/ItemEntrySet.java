package io.partita.storage.value;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/** The entry set of an {@link ItemMap}: a read-only view of its name and value arrays, in order. */
final class ItemEntrySet extends AbstractSet<Map.Entry<String, AttributeValue>> {
    private final String[] names;
    private final AttributeValue[] values;

    /** The item's own arrays, never written after it is built: read, not copied. */
    ItemEntrySet(String[] names, AttributeValue[] values) {
        this.names = names;
        this.values = values;
    }

    @Override
    public Iterator<Map.Entry<String, AttributeValue>> iterator() {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < names.length;
            }

            @Override
            public Map.Entry<String, AttributeValue> next() {
                if (i >= names.length) {
                    throw new NoSuchElementException();
                }
                Map.Entry<String, AttributeValue> entry = new SimpleImmutableEntry<>(names[i], values[i]);
                i++;
                return entry;
            }
        };
    }

    @Override
    public int size() {
        return names.length;
    }
}
