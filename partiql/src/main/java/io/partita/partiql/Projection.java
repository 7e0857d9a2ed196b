package io.partita.partiql;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A SELECT list with nested paths: PartiQL answers a flat tuple, each path's value under its last step's name
 * ({@code info.tags[1]} as {@code tags[1]}), where the core's projection answers the nested document. The core
 * projects the paths; this reads each out of the projected item.
 */
record Projection(List<Ast.Path> paths) {
    /** The projection to flatten items by, or {@code null} when every path is a top-level name (nothing to do). */
    static Projection of(List<Ast.Path> paths) {
        for (Ast.Path p : paths) {
            if (!p.isTopLevel()) {
                return new Projection(paths);
            }
        }
        return null;
    }

    List<Map<String, AttributeValue>> flatten(List<Map<String, AttributeValue>> items) {
        List<Map<String, AttributeValue>> out = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) {
            out.add(flatten(item));
        }
        return out;
    }

    Map<String, AttributeValue> flatten(Map<String, AttributeValue> item) {
        if (item == null) {
            return null;
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (Ast.Path p : paths) {
            AttributeValue v = resolve(item, p);
            if (v != null) {
                out.put(alias(p), v);
            }
        }
        return out;
    }

    private static AttributeValue resolve(Map<String, AttributeValue> item, Ast.Path path) {
        AttributeValue v = AttributeValue.m(item);
        for (Object e : path.elements()) {
            if (e instanceof Integer i) {
                if (!(v instanceof AttributeValue.L l) || i >= l.values().size()) {
                    return null;
                }
                v = l.values().get(i);
            } else {
                if (!(v instanceof AttributeValue.M m)) {
                    return null;
                }
                v = m.values().get((String) e);
            }
            if (v == null) {
                return null;
            }
        }
        return v;
    }

    /** The last name of the path and the list indexes after it. */
    private static String alias(Ast.Path path) {
        List<Object> elements = path.elements();
        int last = elements.size() - 1;
        while (elements.get(last) instanceof Integer) {
            last--;
        }
        StringBuilder alias = new StringBuilder((String) elements.get(last));
        for (int i = last + 1; i < elements.size(); i++) {
            alias.append('[').append(elements.get(i)).append(']');
        }
        return alias.toString();
    }
}
