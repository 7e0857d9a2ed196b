package io.partita.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A large partition's overwrite in place, published as the {@link ChunkTree}'s root: the tree it changes
 * ({@link #tree}, never itself a swap) and the one value slot it changes, entry {@link #index} of {@link #chunk}, from
 * {@link #old} to {@link #value}. The overwrite copies no chunk and no directory: this object is all it allocates.
 *
 * <p>The protocol, and why no write is lost (the tree's writers take no lock: see {@link ChunkTree}):
 *
 * <ol>
 *   <li>A swap is installed by compare-and-set of the root from the root its writer read, after completing the swap
 *       that root was, if it was one; its slot is written only afterwards, by compare-and-set from {@link #old}
 *       ({@link #complete}), by its writer or by any writer that reads it as the root.
 *   <li>Every writer that reads a swap as the root completes it before it reads any chunk, and only then builds its
 *       copy or its own swap from {@link #tree}. So a swap is complete before the root moves past it, and at any
 *       time only the current root can be an incomplete swap.
 *   <li>A writer that read the root before a swap was installed publishes by compare-and-set from that root, which
 *       is no longer the root: it fails and starts again from the swap, which it completes first. Every root a
 *       writer installs is a new object (the empty chunk aside, which holds no slot), so a root never comes back
 *       to pass a stale writer's compare-and-set (ABA).
 *   <li>A slot belongs to one key for as long as any chunk holds its array (an array shared with an append's chunk
 *       holds the same keys below its count), and each write of that key stores a new {@link Stored}: a writer that
 *       completes a swap late finds the slot no longer at {@link #old} and writes nothing.
 * </ol>
 *
 * A reader reads the slot once, so it sees the old entry or the new one, never a mix; the new one only once it is
 * in the slot, after which every later reader and every copy holds it or a newer one. A reader walking a snapshot
 * may see a later swap's entry in it (a read of a whole partition is not one snapshot of its items, as for a small
 * partition: see {@link Chunk}).
 */
final class TreeSwap {
    private static final VarHandle VALUE = MethodHandles.arrayElementVarHandle(Stored[].class);

    final Object tree;
    private final TreeChunk chunk;
    private final int index;
    final Stored old;
    private final Stored value;

    TreeSwap(Object tree, TreeChunk chunk, int index, Stored old, Stored value) {
        this.tree = tree;
        this.chunk = chunk;
        this.index = index;
        this.old = old;
        this.value = value;
    }

    /**
     * Stores the new value into its slot unless it is there already (or a newer one is); returns {@link #tree}. The
     * slot is read first (acquire: a completed swap's value is then seen by this writer's copies), and written only
     * while it still holds {@link #old}, so the writers after a completed swap do not contend for its cache line.
     */
    Object complete() {
        Stored[] values = chunk.values;
        if ((Stored) VALUE.getAcquire(values, index) == old) {
            VALUE.compareAndSet(values, index, old, value);
        }
        return tree;
    }
}
