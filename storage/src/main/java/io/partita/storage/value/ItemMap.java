package io.partita.storage.value;

import io.partita.storage.Message;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * An immutable item: attribute names and values in two arrays, in insertion order. Items are small (a few
 * to a few dozen attributes) and read far more often than built, so a linear scan that compares hash codes
 * first beats a hash table, and it stores an item in a fraction of a {@code LinkedHashMap}'s memory.
 */
public final class ItemMap extends AbstractMap<String, AttributeValue> {
    private static final ItemMap EMPTY = new ItemMap(new String[0], new AttributeValue[0], new int[0]);

    private final String[] names;
    private final AttributeValue[] values;
    private final int[] hashes;
    /*
     * A value derived from this item by a reader (see memo()), and who attached it (see memoOf): written together
     * under this item's monitor, read without a lock (memoOf), the pair guarded by memoStamp as a sequence lock (odd
     * while a writer is between its stores). The object's header, AbstractMap's two cached views, these five
     * references and the stamp take 48 bytes (the owner took the slot of a cached entry set: entrySet() builds its
     * view per call instead).
     */
    private Object memo;
    private Object memoOwner;
    private int memoStamp;

    /**
     * The memo's and its owner's handles, in a class of their own: loaded by the first owned memo, not by the first
     * item (a first use that never memoizes, mapping alone, loads none of the VarHandle machinery).
     */
    private static final class Memo {
        static final java.lang.invoke.VarHandle VALUE;
        static final java.lang.invoke.VarHandle OWNER;
        static final java.lang.invoke.VarHandle STAMP;

        static {
            try {
                java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.lookup();
                VALUE = lookup.findVarHandle(ItemMap.class, "memo", Object.class);
                OWNER = lookup.findVarHandle(ItemMap.class, "memoOwner", Object.class);
                STAMP = lookup.findVarHandle(ItemMap.class, "memoStamp", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private ItemMap(String[] names, AttributeValue[] values, int[] hashes) {
        this.names = names;
        this.values = values;
        this.hashes = hashes;
    }

    public static ItemMap empty() {
        return EMPTY;
    }

    /** Copies a map (its iteration order is kept); names must be unique, which any Map guarantees. */
    public static ItemMap copyOf(Map<String, AttributeValue> map) {
        if (map instanceof ItemMap im) {
            return im;
        }
        int n = map.size();
        String[] names = new String[n];
        AttributeValue[] values = new AttributeValue[n];
        int[] hashes = new int[n];
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : map.entrySet()) {
            names[i] = e.getKey();
            values[i] = e.getValue();
            hashes[i] = e.getKey().hashCode();
            i++;
        }
        return new ItemMap(names, values, hashes);
    }

    /** Builds an item attribute by attribute; a later {@code put} of the same name replaces the value. */
    public static Builder builder(int expectedSize) {
        return new Builder(expectedSize);
    }

    /**
     * A builder for items that usually hold {@code layout}'s attributes in its order (a mapping schema's items):
     * while the attributes come in that order (the same {@code String} instances, or equal ones), it fills one value array,
     * and an item holding all of them shares the layout's name and hash arrays (one array of values per item
     * instead of three). Any other sequence of calls (an attribute left out, another order, other names, a
     * {@code remove}) makes it an ordinary builder from that point: the result always equals what
     * {@link #builder(int)} builds from the same calls.
     */
    public static Builder builder(Layout layout) {
        return new Builder(layout);
    }

    /**
     * Attribute names in order, with their hash codes computed once: the expected shape of the items a
     * {@link #builder(Layout)} builds. Names are non-null and distinct.
     */
    public static final class Layout {
        private final String[] names;
        private final int[] hashes;

        /** The arrays of an item, whose names are non-null and distinct already: shared, not checked or copied. */
        private Layout(String[] names, int[] hashes) {
            this.names = names;
            this.hashes = hashes;
        }

        private Layout(String[] names) {
            this.names = names;
            this.hashes = new int[names.length];
            for (int i = 0; i < names.length; i++) {
                if (names[i] == null) {
                    throw Message.ItemAttributeNameNull.exception();
                }
                hashes[i] = names[i].hashCode();
                for (int j = 0; j < i; j++) {
                    if (hashes[j] == hashes[i] && names[j].equals(names[i])) {
                        throw new IllegalArgumentException("attribute " + names[i] + " appears twice in a layout");
                    }
                }
            }
        }

        /** The layout of {@code names}, in this order; throws when a name is null or appears twice. */
        public static Layout of(java.util.List<String> names) {
            return new Layout(names.toArray(new String[0]));
        }

        /** The number of attributes. */
        public int size() {
            return names.length;
        }
    }

    public static final class Builder {
        private String[] names;
        private AttributeValue[] values;
        private int[] hashes;
        private int size;
        // true while names and hashes are a Layout's arrays (never written): values[0..size) matches its prefix
        private boolean shared;

        private Builder(int expected) {
            int cap = Math.max(2, expected);
            names = new String[cap];
            values = new AttributeValue[cap];
            hashes = new int[cap];
        }

        private Builder(Layout layout) {
            int n = layout.names.length;
            shared = n > 0;
            names = shared ? layout.names : new String[2];
            hashes = shared ? layout.hashes : new int[2];
            values = new AttributeValue[names.length]; // exact: a complete item keeps this array
        }

        /** Leaves the layout: from here on the builder owns its name and hash arrays. */
        private void unshare() {
            shared = false;
            String[] n = new String[values.length];
            int[] h = new int[values.length];
            System.arraycopy(names, 0, n, 0, size);
            System.arraycopy(hashes, 0, h, 0, size);
            names = n;
            hashes = h;
        }

        /** Adds an attribute the builder does not hold yet (the caller guarantees it: e.g. copying a Map). */
        public Builder add(String name, AttributeValue value) {
            if (shared) {
                if (size < names.length && value != null && (names[size] == name || names[size].equals(name))) {
                    values[size++] = value; // the layout's next name (non-null), and not held yet: names are distinct
                    return this;
                }
                unshare();
            }
            ItemArrays.checkAttribute(name, value);
            if (size == names.length) {
                grow();
            }
            names[size] = name;
            values[size] = value;
            hashes[size] = name.hashCode();
            size++;
            return this;
        }

        public Builder put(String name, AttributeValue value) {
            if (shared) {
                if (size < names.length && value != null && (names[size] == name || names[size].equals(name))) {
                    values[size++] = value; // as in add: the layout's names are distinct, so this one is not held
                    return this;
                }
                unshare();
            }
            ItemArrays.checkAttribute(name, value);
            int h = name.hashCode();
            for (int i = 0; i < size; i++) {
                if (hashes[i] == h && names[i].equals(name)) {
                    values[i] = value;
                    return this;
                }
            }
            if (size == names.length) {
                grow();
            }
            names[size] = name;
            values[size] = value;
            hashes[size] = h;
            size++;
            return this;
        }

        /** Doubles the arrays' capacity (never while they are a layout's: add and put unshare first). */
        private void grow() {
            int cap = size * 2;
            names = java.util.Arrays.copyOf(names, cap);
            values = java.util.Arrays.copyOf(values, cap);
            hashes = java.util.Arrays.copyOf(hashes, cap);
        }

        private int indexOf(String name) {
            int h = name.hashCode();
            for (int i = 0; i < size; i++) {
                if (names[i] == name || (hashes[i] == h && names[i].equals(name))) {
                    return i;
                }
            }
            return -1;
        }

        public AttributeValue get(String name) {
            int i = indexOf(name);
            return i < 0 ? null : values[i];
        }

        public boolean containsKey(String name) {
            return indexOf(name) >= 0;
        }

        /** Removes an attribute if present, keeping the order of the others. */
        public Builder remove(String name) {
            int i = indexOf(name);
            if (i >= 0) {
                if (shared) {
                    unshare();
                }
                int tail = size - i - 1;
                System.arraycopy(names, i + 1, names, i, tail);
                System.arraycopy(values, i + 1, values, i, tail);
                System.arraycopy(hashes, i + 1, hashes, i, tail);
                size--;
                names[size] = null;
                values[size] = null;
            }
            return this;
        }

        public ItemMap build() {
            return exact(names, values, hashes, size);
        }

        /**
         * Builds the item sharing {@code layout}'s name and hash arrays when it has the same attribute names in
         * the same order (items written by one program usually do): a stored item then costs its values and one
         * array, not three. Equal to {@link #build()} in every other respect; {@code layout} may be null.
         */
        public ItemMap build(ItemMap layout) {
            String[] n = names;
            AttributeValue[] v = values;
            int[] h = hashes;
            int s = size;
            if (layout == null || !ItemArrays.sameNames(layout.names, layout.hashes, n, h, s)) {
                // the builder's arrays, not the builder, go to the call: a builder that never leaves its caller's
                // compiled code is scalar-replaced by the JIT instead of allocated (a projected index entry's)
                return exact(n, v, h, s);
            }
            return new ItemMap(layout.names, s == v.length ? v : java.util.Arrays.copyOf(v, s), layout.hashes);
        }

        /** The item of a builder's arrays: taken as they are when full, else copied to their exact size. */
        private static ItemMap exact(String[] names, AttributeValue[] values, int[] hashes, int size) {
            if (size == names.length) {
                return new ItemMap(names, values, hashes);
            }
            return new ItemMap(
                    java.util.Arrays.copyOf(names, size),
                    java.util.Arrays.copyOf(values, size),
                    java.util.Arrays.copyOf(hashes, size));
        }
    }

    private int indexOf(Object key) {
        if (!(key instanceof String s)) {
            return -1;
        }
        String[] n = names;
        for (int i = 0; i < n.length; i++) {
            if (n[i] == s) {
                return i; // names are usually the same String instances (constants, schema attribute names)
            }
        }
        int h = s.hashCode();
        int[] hs = hashes;
        for (int i = 0; i < hs.length; i++) {
            if (hs[i] == h && n[i].equals(s)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public AttributeValue get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    /**
     * The value of attribute {@code name}, as {@link #get(Object)} returns it, looked for first at position
     * {@code index}: when the item holds {@code name} there as the same {@code String} instance (items built
     * through a {@link Builder} with a {@link Layout}, read with that layout's names and positions), this is one
     * comparison instead of a scan; any other item, index or name instance falls back to {@link #get(Object)}.
     */
    public AttributeValue get(int index, String name) {
        String[] n = names;
        if (index >= 0 && index < n.length && n[index] == name) {
            return values[index];
        }
        return get(name);
    }

    /**
     * The string of attribute {@code name} when it is a string ({@code S}), else null (absent, or of another type):
     * {@code get(index, name) instanceof AttributeValue.S s ? s.value() : null}, found as {@link #get(int, String)}
     * finds the value.
     */
    public String stringAt(int index, String name) {
        return get(index, name) instanceof AttributeValue.S s ? s.value() : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean isEmpty() {
        return names.length == 0;
    }

    @Override
    public Set<Map.Entry<String, AttributeValue>> entrySet() {
        // a view per call, not cached: its field went to memoOwner (a stored item is rarely iterated as a map; the
        // view holds nothing but this item's arrays)
        return new ItemEntrySet(names, values);
    }

    /**
     * The value a reader last attached to this item with {@link #memo(Object)}, or null. An item never changes once
     * built, so a value computed from it alone (a decoded entity, say) stays right for as long as the item lives:
     * a reader that finds its own kind of value here can skip computing it again. Racy, last writer wins: two
     * readers may both compute and attach, and a reader may not see another thread's value yet; only values that
     * are a pure function of this item, immutable and safe to publish without synchronization (final fields
     * only, as records) may be attached, and a reader must check the value's type before using it (any reader
     * may attach its own). Not part of the item: {@code equals}, {@code hashCode}, {@link #with} and copies
     * ignore it (a copy starts without one). A stored item holds its memo, and what that references, as long as
     * it is stored.
     */
    public Object memo() {
        return memo;
    }

    /**
     * Attaches {@code value} (null clears it) as this item's {@link #memo()}, replacing any earlier one, without an
     * owner: {@link #memoOf} never returns it.
     */
    public void memo(Object value) {
        memo(null, value);
    }

    /**
     * Attaches {@code value} as this item's {@link #memo()}, replacing any earlier one, owned by {@code owner} (a
     * reader's identity, the decoded entity's class say): {@link #memoOf memoOf(owner)} returns it until another
     * memo replaces it. Writers are serialized on this item and store the memo and its owner between two steps of
     * a stamp that {@link #memoOf} checks; a memo is written once per item and reader, so the lock is rarely
     * contended and the volatile stores are rare.
     */
    public void memo(Object owner, Object value) {
        synchronized (this) {
            // a sequence lock: the stamp odd while the pair changes, even again after, each store volatile (a
            // reader's four volatile loads and these stores are in one total order)
            int stamp = memoStamp;
            Memo.STAMP.setVolatile(this, stamp + 1);
            Memo.VALUE.setVolatile(this, value);
            Memo.OWNER.setVolatile(this, owner);
            Memo.STAMP.setVolatile(this, stamp + 2);
        }
    }

    /**
     * This item's {@link #memo()} when {@code owner} attached it ({@link #memo(Object, Object)}), else null — read
     * from this item alone, without loading the memo: a reader that attaches only values of one type needs no
     * type check of what it gets back (the check, a load of the memo's header, is a cache miss on a cold item).
     * Lock-free: the stamp is read, then the memo and its owner, then the stamp again; a pair read while a writer
     * was storing one (an odd stamp, or a stamp that moved) is not returned. Comparing the memo before and after
     * would not do: the same instance attached again by another writer (a shared constant, say) reads as unchanged
     * though another owner's store came between.
     */
    public Object memoOf(Object owner) {
        int stamp = (int) Memo.STAMP.getVolatile(this);
        Object m = Memo.VALUE.getVolatile(this);
        if (m == null || Memo.OWNER.getVolatile(this) != owner) {
            return null;
        }
        // volatile loads on x86 and ARMv8 are plain or acquiring loads: no fence on this path
        return (stamp & 1) == 0 && (int) Memo.STAMP.getVolatile(this) == stamp ? m : null;
    }

    // Mutators of AbstractMap already throw UnsupportedOperationException: an item never changes.

    /** A copy of this item with one attribute set (replaced in place, or appended). */
    public ItemMap with(String name, AttributeValue value) {
        int i = indexOf(name);
        if (i >= 0) {
            AttributeValue[] v = values.clone();
            v[i] = value;
            return new ItemMap(names, v, hashes);
        }
        int n = names.length;
        String[] ns = java.util.Arrays.copyOf(names, n + 1);
        AttributeValue[] vs = java.util.Arrays.copyOf(values, n + 1);
        int[] hs = java.util.Arrays.copyOf(hashes, n + 1);
        ns[n] = name;
        vs[n] = value;
        hs[n] = name.hashCode();
        return new ItemMap(ns, vs, hs);
    }

    /**
     * This item's attribute names in order, as a {@link Layout} sharing its arrays: a {@link #builder(Layout)} fed
     * the same names in the same order builds items that share them too.
     */
    public Layout layout() {
        return new Layout(names, hashes);
    }

    /** True when this item shares its name array with {@code other} (see {@link Builder#build(ItemMap)}). */
    public boolean sharesLayoutWith(ItemMap other) {
        return other != null && other.names == names;
    }

    /** True when this item shares its name array with {@code layout} (built through {@link #builder(Layout)}). */
    public boolean sharesLayoutWith(Layout layout) {
        return layout != null && layout.names == names;
    }

    /**
     * Reads, without changing or allocating anything, the objects a reader of {@code items} loads first, so that
     * these loads, independent of each other, are in flight together instead of one after the other while each item
     * is read (see {@link ItemPrefetch}). Items of other map types are skipped. This is only a hint to the memory
     * system: the items, and what reading them returns, are the same with or without it.
     */
    public static void prefetch(java.util.List<? extends Map<String, AttributeValue>> items) {
        ItemPrefetch.prefetch(items);
    }

    /** {@link #prefetch(java.util.List)} for one item: its memo's class word, else its value array and values. */
    public void prefetch() {
        ItemPrefetch.prefetch(this);
    }

    /** The memo's owner as stored (a plain read), for {@link ItemPrefetch}. */
    Object memoOwnerPlain() {
        return memoOwner;
    }

    /** The value array itself, not a copy: for {@link ItemPrefetch} and {@link ItemContents}, which only read it. */
    AttributeValue[] valueArray() {
        return values;
    }

    /** The name array itself, not a copy (shared between items of one layout): for {@link ItemContents}. */
    String[] nameArray() {
        return names;
    }

    /** Iterates names and values without allocating entries. */
    public void forEachAttribute(java.util.function.BiConsumer<String, AttributeValue> action) {
        for (int i = 0; i < names.length; i++) {
            action.accept(names[i], values[i]);
        }
    }
}
