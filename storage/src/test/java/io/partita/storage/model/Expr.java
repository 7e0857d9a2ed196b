package io.partita.storage.model;

import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;

/** Collects ExpressionAttributeNames/Values while rendering expressions, one placeholder per use. */
final class Expr {
    final Map<String, String> names = new LinkedHashMap<>();
    final Map<String, AttributeValue> values = new LinkedHashMap<>();
    private final Map<String, String> nameRefs = new LinkedHashMap<>();

    String name(String attribute) {
        return nameRefs.computeIfAbsent(attribute, a -> {
            String ref = "#n" + nameRefs.size();
            names.put(ref, a);
            return ref;
        });
    }

    String value(AttributeValue v) {
        String ref = ":v" + values.size();
        values.put(ref, v);
        return ref;
    }

    Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : Map.copyOf(names);
    }

    Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : Map.copyOf(values);
    }
}
