package io.partita;

import java.util.Objects;

/**
 * A single-item operation's result with what it consumed: what {@code repository.returnConsumedCapacity(level)}
 * returns from its gets, puts, deletes and updates (and, as a future, from its {@code async()} view).
 *
 * <pre>{@code
 * Result<Optional<GameScore>> r = scores.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).get(key);
 * r.value().ifPresent(...);
 * double rcu = r.consumed().readCapacityUnits();
 * }</pre>
 *
 * @param <V> the value the plain operation returns ({@code Void} for deletes, whose value is null)
 */
public final class Result<V> {
    private final V value;
    private final Consumed consumed;

    private Result(V value, Consumed consumed) {
        this.value = value;
        this.consumed = Objects.requireNonNull(consumed, "consumed");
    }

    /** A result; {@code value} may be null (deletes). */
    public static <V> Result<V> of(V value, Consumed consumed) {
        return new Result<>(value, consumed);
    }

    /** What the plain operation returns. */
    public V value() {
        return value;
    }

    /** The capacity the request consumed, and the item-collection metrics of a write when asked for. */
    public Consumed consumed() {
        return consumed;
    }

    @Override
    public String toString() {
        return "Result[" + value + ", " + consumed + "]";
    }
}
