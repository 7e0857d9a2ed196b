package io.partita.storage.value;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The immutable element set of a small {@code SS}, {@code NS} or {@code BS} value: its distinct elements in one array,
 * in insertion order. A set of a few tags costs an object and an array instead of a {@code LinkedHashSet} (a map, a
 * bucket table, one entry per element) behind an unmodifiable view; lookups scan, which for {@link #MAX} elements
 * or fewer is as fast as hashing. Every mutator throws {@link UnsupportedOperationException}.
 */
final class ArraySet<T> extends AbstractSet<T> {
    /** The most elements a set is held this way; larger sets stay hash sets. */
    static final int MAX = 8;

    private final Object[] elements;

    /** {@code elements} are distinct and owned by this set from now on. */
    ArraySet(Object[] elements) {
        this.elements = elements;
    }

    /** True when {@code elements} holds no two equal elements. */
    static boolean distinct(Object[] elements) {
        for (int i = 1; i < elements.length; i++) {
            for (int j = 0; j < i; j++) {
                if (Objects.equals(elements[i], elements[j])) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public int size() {
        return elements.length;
    }

    @Override
    public boolean contains(Object o) {
        for (Object e : elements) {
            if (Objects.equals(e, o)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Iterator<T> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < elements.length;
            }

            @Override
            @SuppressWarnings("unchecked") // elements holds only Ts (see the constructor's callers)
            public T next() {
                if (next >= elements.length) {
                    throw new NoSuchElementException();
                }
                return (T) elements[next++];
            }
        };
    }

    @Override
    public Object[] toArray() {
        return elements.clone();
    }
}
