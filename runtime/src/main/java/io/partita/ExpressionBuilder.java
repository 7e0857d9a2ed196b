package io.partita;

import io.partita.internal.Message;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Collects expression placeholders while conditions, updates and key conditions render themselves: every
 * attribute name becomes {@code #pN}, every value {@code :pN}, so user data never meets DynamoDB's reserved
 * words or expression syntax. One builder serves one request, so its condition and update share a
 * placeholder space.
 */
public final class ExpressionBuilder {
    private final Map<String, String> namePlaceholders = new HashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /** The placeholder for attribute {@code attributeName} (the same one every time it is asked for). */
    public String name(String attributeName) {
        Objects.requireNonNull(attributeName, "attributeName");
        return namePlaceholders.computeIfAbsent(attributeName, n -> {
            String placeholder = "#p" + names.size();
            names.put(placeholder, n);
            return placeholder;
        });
    }

    /** A new placeholder holding {@code value}. */
    public String value(AttributeValue value) {
        Objects.requireNonNull(value, "value");
        String placeholder = ":p" + values.size();
        values.put(placeholder, value);
        return placeholder;
    }

    /**
     * Adds a raw expression's own placeholders; a placeholder already bound to something else is an
     * {@link IllegalArgumentException} (raw expressions should not use the {@code #pN}/{@code :pN} forms).
     */
    public void addRaw(Map<String, String> rawNames, Map<String, AttributeValue> rawValues) {
        rawNames.forEach((placeholder, name) -> {
            String previous = names.putIfAbsent(placeholder, name);
            if (previous != null && !previous.equals(name)) {
                throw new IllegalArgumentException(
                        Message.NamePlaceholderBoundTwice.format(placeholder, previous, name));
            }
        });
        rawValues.forEach((placeholder, value) -> {
            AttributeValue previous = values.putIfAbsent(placeholder, value);
            if (previous != null && !previous.equals(value)) {
                throw new IllegalArgumentException(
                        Message.ValuePlaceholderBoundTwice.format(placeholder, previous, value));
            }
        });
    }

    /** The {@code ExpressionAttributeNames} collected so far (empty map when none). */
    public Map<String, String> names() {
        return names.isEmpty() ? Map.of() : Map.copyOf(names);
    }

    /** The {@code ExpressionAttributeValues} collected so far (empty map when none). */
    public Map<String, AttributeValue> values() {
        return values.isEmpty() ? Map.of() : Map.copyOf(values);
    }
}
