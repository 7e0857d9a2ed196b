package io.partita.generated;

import io.partita.mapping.Codecs;
import io.partita.repository.Update;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The attributes a repository writes itself: {@code @CreatedAt}, {@code @UpdatedAt} and {@code @Counter}
 * fields, declared by generated code on {@link EntityMapping.Builder}. Holds the rules, so that puts
 * ({@link #onPut}) and partial updates ({@link Update}) apply them alike:
 *
 * <ul>
 *   <li>created-at: a put keeps the entity's value and writes "now" when it has none (absent, or 0 for epoch
 *       milliseconds); an update writes {@code if_not_exists(a, :now)};
 *   <li>updated-at: "now" on every put and update;
 *   <li>counter: a put keeps the entity's value and writes {@code start} when it has none; an update adds
 *       {@code delta} without reading ({@code ADD a :delta} when {@code start} is 0, otherwise
 *       {@code SET a = if_not_exists(a, :start) + :delta}, which is the same thing counted from another start).
 * </ul>
 *
 * "Now" is an {@code Instant} stored like any {@code Instant} field, or epoch milliseconds (a number).
 */
public final class AutoValues {
    static final AutoValues NONE = new AutoValues(null, null, List.of());

    /** A created-at or updated-at attribute. */
    public record Timestamp(String attribute, boolean epochMillis) {
        public AttributeValue at(Instant now) {
            return epochMillis ? AttributeValue.n(now.toEpochMilli()) : Codecs.INSTANT.encode(now);
        }

        public boolean absentIn(Map<String, AttributeValue> item) {
            AttributeValue v = item.get(attribute);
            return v == null || (epochMillis && v.equals(ZERO));
        }
    }

    /** A counter attribute. */
    public record Counter(String attribute, long delta, long start) {}

    private static final AttributeValue ZERO = AttributeValue.n(0);

    private final Timestamp createdAt;
    private final Timestamp updatedAt;
    private final List<Counter> counters;
    private final Map<String, Counter> countersByAttribute;

    private AutoValues(Timestamp createdAt, Timestamp updatedAt, List<Counter> counters) {
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
        this.counters = List.copyOf(counters);
        Map<String, Counter> by = new HashMap<>();
        for (Counter c : counters) { // a loop, not forEach(lambda): runs as each repository class initializes
            by.put(c.attribute(), c);
        }
        this.countersByAttribute = Map.copyOf(by);
    }

    public boolean isEmpty() {
        return createdAt == null && updatedAt == null && counters.isEmpty();
    }

    /** True when the repository fills {@code attribute} itself (so a null field is not a missing index key). */
    public boolean fills(String attribute) {
        return (createdAt != null && createdAt.attribute().equals(attribute))
                || (updatedAt != null && updatedAt.attribute().equals(attribute))
                || countersByAttribute.containsKey(attribute);
    }

    public Optional<Timestamp> createdAt() {
        return Optional.ofNullable(createdAt);
    }

    public Optional<Timestamp> updatedAt() {
        return Optional.ofNullable(updatedAt);
    }

    public List<Counter> counters() {
        return counters;
    }

    /** The counter stored as {@code attribute}, if it is one. */
    public Optional<Counter> counter(String attribute) {
        return Optional.ofNullable(countersByAttribute.get(attribute));
    }

    /** The item a put writes: {@code item} with the timestamps set and the counters' start values filled in. */
    public Map<String, AttributeValue> onPut(Map<String, AttributeValue> item, Instant now) {
        ItemMap out = ItemMap.copyOf(item); // generated schemas build ItemMaps: copyOf returns them as they are
        if (createdAt != null && createdAt.absentIn(out)) {
            out = out.with(createdAt.attribute(), createdAt.at(now));
        }
        if (updatedAt != null) {
            out = out.with(updatedAt.attribute(), updatedAt.at(now));
        }
        for (Counter c : counters) {
            if (!out.containsKey(c.attribute())) {
                out = out.with(c.attribute(), AttributeValue.n(c.start()));
            }
        }
        return out;
    }

    /** Collects the parts; {@link EntityMapping.Builder} fills one. */
    static final class Builder {
        private Timestamp createdAt;
        private Timestamp updatedAt;
        private final List<Counter> counters = new ArrayList<>();

        void createdAt(String attribute, boolean epochMillis) {
            createdAt = new Timestamp(attribute, epochMillis);
        }

        void updatedAt(String attribute, boolean epochMillis) {
            updatedAt = new Timestamp(attribute, epochMillis);
        }

        void counter(String attribute, long delta, long start) {
            counters.add(new Counter(attribute, delta, start));
        }

        AutoValues build() {
            return createdAt == null && updatedAt == null && counters.isEmpty()
                    ? NONE
                    : new AutoValues(createdAt, updatedAt, counters);
        }
    }
}
