package io.partita;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of query results: the items, and a {@link Cursor} to the next page when there may be more.
 * An empty page can still have a next cursor (DynamoDB stops at 1 MB of evaluated items, matches or not).
 *
 * @param <T> the result type
 */
public final class Page<T> {
    private final List<T> items;
    private final Cursor next;
    private final Consumed consumed;

    private Page(List<T> items, Cursor next, Consumed consumed) {
        this.items = List.copyOf(items);
        this.next = next;
        this.consumed = consumed;
    }

    /** A page; {@code next} is null on the last page. */
    public static <T> Page<T> of(List<T> items, Cursor next) {
        return of(items, next, Consumed.NONE);
    }

    /** A page with what its requests consumed. */
    public static <T> Page<T> of(List<T> items, Cursor next, Consumed consumed) {
        return new Page<>(Objects.requireNonNull(items, "items"), next, Objects.requireNonNull(consumed, "consumed"));
    }

    /**
     * The capacity the page's requests consumed (every shard's, for a gather query); {@link Consumed#NONE} unless
     * the query asked with {@code returnConsumedCapacity(...)}.
     */
    public Consumed consumed() {
        return consumed;
    }

    /** The items of this page, in query order; unmodifiable. */
    public List<T> items() {
        return items;
    }

    /** Where the next page starts; empty on the last page. */
    public Optional<Cursor> next() {
        return Optional.ofNullable(next);
    }

    /** True when {@link #next()} holds a cursor. */
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Page<?> other && items.equals(other.items) && Objects.equals(next, other.next);
    }

    @Override
    public int hashCode() {
        return Objects.hash(items, next);
    }

    @Override
    public String toString() {
        return "Page[" + items.size() + " items" + (next == null ? ", last]" : ", next=" + next + "]");
    }
}
