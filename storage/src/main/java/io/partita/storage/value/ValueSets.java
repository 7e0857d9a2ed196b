package io.partita.storage.value;

import io.partita.storage.Message;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/** The element sets of SS, NS and BS values as the factories build them: checked, copied and immutable. */
final class ValueSets {
    private ValueSets() {}

    /**
     * An immutable copy of {@code values}, an {@link ArraySet} when small; rejects an empty set and duplicates as
     * DynamoDB does, naming the set's {@code type}.
     */
    static <T> Set<T> checked(Collection<T> values, String type) {
        if (values.isEmpty()) {
            throw Message.SetEmpty.exception(type);
        }
        if (values.size() <= ArraySet.MAX) {
            Object[] elements = values.toArray(); // a copy: the caller's collection stays the caller's
            if (elements.length <= ArraySet.MAX) {
                if (!ArraySet.distinct(elements)) {
                    throw Message.SetDuplicates.exception(values, type);
                }
                return new ArraySet<>(elements);
            }
        }
        // sized for its elements (a LinkedHashSet copied from a collection starts at 16 buckets)
        LinkedHashSet<T> set = new LinkedHashSet<>((values.size() * 4 + 2) / 3);
        set.addAll(values);
        if (set.size() != values.size()) {
            throw Message.SetDuplicates.exception(values, type);
        }
        return Collections.unmodifiableSet(set);
    }
}
