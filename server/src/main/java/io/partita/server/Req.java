package io.partita.server;

import io.partita.storage.value.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed access to one JSON object of a request. A member of the wrong JSON type is a
 * {@code SerializationException}, as DynamoDB answers it.
 */
final class Req {
    final Map<String, Object> json;

    Req(Map<String, Object> json) {
        this.json = json;
    }

    boolean has(String name) {
        return json.get(name) != null;
    }

    String string(String name) {
        Object v = json.get(name);
        if (v == null || v instanceof String) {
            return (String) v;
        }
        throw ApiException.serialization("Unexpected value type for " + name + ": expected a string");
    }

    /** A string member that must be present: DynamoDB's "Value null at 'x' failed to satisfy constraint". */
    String required(String name, String constraintName) {
        String v = string(name);
        if (v == null) {
            throw ApiException.validation("1 validation error detected: Value null at '" + constraintName
                    + "' failed to satisfy constraint: Member must not be null");
        }
        return v;
    }

    boolean bool(String name) {
        Object v = json.get(name);
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw ApiException.serialization("Unexpected value type for " + name + ": expected a boolean");
    }

    Boolean boolOrNull(String name) {
        return has(name) ? bool(name) : null;
    }

    Integer integer(String name) {
        Object v = json.get(name);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, l));
        }
        throw ApiException.serialization("Unexpected value type for " + name + ": expected an integer");
    }

    Long longValue(String name) {
        Object v = json.get(name);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l;
        }
        throw ApiException.serialization("Unexpected value type for " + name + ": expected an integer");
    }

    Req object(String name) {
        Object v = json.get(name);
        if (v == null) {
            return null;
        }
        return of(v, name);
    }

    @SuppressWarnings("unchecked")
    static Req of(Object v, String name) {
        if (v instanceof Map<?, ?> m) {
            return new Req((Map<String, Object>) m);
        }
        throw ApiException.serialization("Unexpected value type for " + name + ": expected a structure");
    }

    @SuppressWarnings("unchecked")
    List<Object> list(String name) {
        Object v = json.get(name);
        if (v == null) {
            return null;
        }
        if (v instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw ApiException.serialization("Unexpected value type for " + name + ": expected a list");
    }

    List<Req> objects(String name) {
        List<Object> l = list(name);
        if (l == null) {
            return null;
        }
        List<Req> out = new java.util.ArrayList<>(l.size());
        for (Object o : l) {
            out.add(of(o, name));
        }
        return out;
    }

    /** A map of strings ({@code ExpressionAttributeNames}); {@code null} when absent. */
    Map<String, String> stringMap(String name) {
        Object v = json.get(name);
        if (v == null) {
            return null;
        }
        Req m = of(v, name);
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : m.json.entrySet()) {
            if (!(e.getValue() instanceof String s)) {
                throw ApiException.serialization("Unexpected value type for " + name + ": expected a map of strings");
            }
            out.put(e.getKey(), s);
        }
        return out;
    }

    Map<String, AttributeValue> item(String name) {
        return Values.readMap(json.get(name));
    }

    <E extends Enum<E>> E enumValue(String name, Class<E> type, String constraintName) {
        String v = string(name);
        if (v == null) {
            return null;
        }
        try {
            return Enum.valueOf(type, v);
        } catch (IllegalArgumentException e) {
            StringBuilder allowed = new StringBuilder();
            for (E c : type.getEnumConstants()) {
                allowed.append(allowed.length() == 0 ? "" : ", ").append(c.name());
            }
            throw ApiException.validation("1 validation error detected: Value '" + v + "' at '" + constraintName
                    + "' failed to satisfy constraint: Member must satisfy enum value set: [" + allowed + "]");
        }
    }
}
