package io.partita;

import io.partita.internal.RuntimeMessage;
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
    // Created on first use: most requests (a put or delete without a condition) render no expression at all.
    private Map<String, String> namePlaceholders;
    private Map<String, String> names = Map.of();
    private Map<String, AttributeValue> values = Map.of();

    /** The placeholder for attribute {@code attributeName} (the same one every time it is asked for). */
    public String name(String attributeName) {
        Objects.requireNonNull(attributeName, "attributeName");
        if (namePlaceholders == null) {
            namePlaceholders = new HashMap<>(8); // a request names a few attributes
        }
        String placeholder = namePlaceholders.get(attributeName);
        if (placeholder == null) {
            placeholder = "#p" + names.size();
            writableNames().put(placeholder, attributeName);
            namePlaceholders.put(attributeName, placeholder);
        }
        return placeholder;
    }

    /** A new placeholder holding {@code value}. */
    public String value(AttributeValue value) {
        Objects.requireNonNull(value, "value");
        String placeholder = ":p" + values.size();
        writableValues().put(placeholder, value);
        return placeholder;
    }

    private Map<String, String> writableNames() {
        if (!(names instanceof LinkedHashMap)) { // still the shared empty map
            names = new LinkedHashMap<>(8);
        }
        return names;
    }

    private Map<String, AttributeValue> writableValues() {
        if (!(values instanceof LinkedHashMap)) { // still the shared empty map
            values = new LinkedHashMap<>(8);
        }
        return values;
    }

    /**
     * Adds a raw expression's own placeholders; a placeholder already bound to something else is an
     * {@link IllegalArgumentException} (raw expressions should not use the {@code #pN}/{@code :pN} forms).
     */
    public void addRaw(Map<String, String> rawNames, Map<String, AttributeValue> rawValues) {
        rawNames.forEach((placeholder, name) -> {
            String previous = writableNames().putIfAbsent(placeholder, name);
            if (previous != null && !previous.equals(name)) {
                throw new IllegalArgumentException(
                        RuntimeMessage.NamePlaceholderBoundTwice.format(placeholder, previous, name));
            }
        });
        rawValues.forEach((placeholder, value) -> {
            AttributeValue previous = writableValues().putIfAbsent(placeholder, value);
            if (previous != null && !previous.equals(value)) {
                throw new IllegalArgumentException(
                        RuntimeMessage.ValuePlaceholderBoundTwice.format(placeholder, previous, value));
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
