package io.partita;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One item-level change read from a table's change stream, decoded by the generated schema: what happened
 * ({@link #type()}), to which item ({@link #key()}), the item before and after as the stream's view type carries them
 * ({@link #oldValue()}, {@link #newValue()}: empty where the view has no such image, and where the item did not
 * exist), and the record's position and time.
 *
 * @param <T> the entity type (for a shared table, the table's interface or {@code Object})
 */
public final class Change<T> {
    /** What the change did to the item (the stream record's {@code eventName}). */
    public enum Type {
        /** The item did not exist and was written. */
        INSERT,
        /** The item existed and was changed. */
        MODIFY,
        /** The item existed and was deleted (by a client, or by time to live: {@link #byTimeToLive()}). */
        REMOVE
    }

    private final Type type;
    private final Key<T> key;
    private final T oldValue;
    private final T newValue;
    private final String sequenceNumber;
    private final Instant approximateCreationTime;
    private final boolean byTimeToLive;

    private Change(
            Type type,
            Key<T> key,
            T oldValue,
            T newValue,
            String sequenceNumber,
            Instant approximateCreationTime,
            boolean byTimeToLive) {
        this.type = Objects.requireNonNull(type, "type");
        this.key = Objects.requireNonNull(key, "key");
        this.oldValue = oldValue;
        this.newValue = newValue;
        this.sequenceNumber = Objects.requireNonNull(sequenceNumber, "sequenceNumber");
        this.approximateCreationTime = Objects.requireNonNull(approximateCreationTime, "approximateCreationTime");
        this.byTimeToLive = byTimeToLive;
    }

    /** A change, as a feed decodes it (also for tests of handlers); {@code oldValue}/{@code newValue} may be null. */
    public static <T> Change<T> of(
            Type type,
            Key<T> key,
            T oldValue,
            T newValue,
            String sequenceNumber,
            Instant approximateCreationTime,
            boolean byTimeToLive) {
        return new Change<>(type, key, oldValue, newValue, sequenceNumber, approximateCreationTime, byTimeToLive);
    }

    public Type type() {
        return type;
    }

    /** The changed item's key (the table's key attributes), typed like the repository's keys. */
    public Key<T> key() {
        return key;
    }

    /** The item before the change: empty for an INSERT, and when the stream's view carries no old image. */
    public Optional<T> oldValue() {
        return Optional.ofNullable(oldValue);
    }

    /** The item after the change: empty for a REMOVE, and when the stream's view carries no new image. */
    public Optional<T> newValue() {
        return Optional.ofNullable(newValue);
    }

    /** The record's sequence number: a numeric string, increasing within a shard. */
    public String sequenceNumber() {
        return sequenceNumber;
    }

    /** When the change was made, approximately (DynamoDB: to the second). */
    public Instant approximateCreationTime() {
        return approximateCreationTime;
    }

    /** Whether the change is a deletion made by time to live (DynamoDB's service identity), not by a client. */
    public boolean byTimeToLive() {
        return byTimeToLive;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Change<?> c
                && type == c.type
                && key.equals(c.key)
                && Objects.equals(oldValue, c.oldValue)
                && Objects.equals(newValue, c.newValue)
                && sequenceNumber.equals(c.sequenceNumber)
                && approximateCreationTime.equals(c.approximateCreationTime)
                && byTimeToLive == c.byTimeToLive;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, key, sequenceNumber);
    }

    @Override
    public String toString() {
        return type + " " + key + " #" + sequenceNumber + (byTimeToLive ? " (time to live)" : "")
                + (oldValue == null ? "" : " old=" + oldValue)
                + (newValue == null ? "" : " new=" + newValue);
    }
}
