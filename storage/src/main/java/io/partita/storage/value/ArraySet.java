package io.partita.storage.value;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
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
    @SuppressWarnings("unchecked") // elements holds only Ts (see the constructor's callers)
    public Iterator<T> iterator() {
        // the JDK's array iterator (in its default CDS archive; no remove, NoSuchElementException past the end), not
        // an anonymous one: that was a class more, and NoSuchElementException another for its verification, on a
        // fresh JVM's first put of a set
        return (Iterator<T>) Arrays.asList(elements).iterator();
    }

    @Override
    public Object[] toArray() {
        return elements.clone();
    }
}
