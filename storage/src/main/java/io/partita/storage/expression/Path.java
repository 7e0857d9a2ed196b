package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A document path ({@code a.b[2].#c}): a top-level attribute name followed by map keys and list indexes.
 * Names may be {@code #placeholders}, resolved at evaluation so that one parse serves every request.
 * Immutable.
 */
final class Path {
    /** Element names; {@code null} where the element is a list index. */
    private final String[] names;
    /** List indexes; meaningful only where {@code names[i] == null}. */
    private final int[] indexes;
    /** True where {@code names[i]} is a {@code #placeholder}. */
    private final boolean[] refs;

    private final boolean hasRefs;

    Path(String[] names, int[] indexes, boolean[] refs) {
        this.names = names;
        this.indexes = indexes;
        this.refs = refs;
        boolean any = false;
        for (boolean r : refs) {
            any |= r;
        }
        this.hasRefs = any;
    }

    int length() {
        return names.length;
    }

    boolean isIndex(int i) {
        return names[i] == null;
    }

    int index(int i) {
        return indexes[i];
    }

    /** The raw element text (a name or a {@code #placeholder}); null for an index. */
    String rawName(int i) {
        return names[i];
    }

    boolean hasRefs() {
        return hasRefs;
    }

    /** The attribute name of element {@code i}, placeholders resolved. */
    String name(int i, Placeholders placeholders) {
        return refs[i] ? placeholders.name(names[i]) : names[i];
    }

    /** This path with every placeholder resolved (itself when it has none). */
    Path resolve(Placeholders placeholders) {
        if (!hasRefs) {
            return this;
        }
        String[] resolved = names.clone();
        for (int i = 0; i < resolved.length; i++) {
            if (refs[i]) {
                resolved[i] = placeholders.name(names[i]);
            }
        }
        return new Path(resolved, indexes, new boolean[names.length]);
    }

    /** The value the path designates in the item, or null if it (or any enclosing map or list) is missing. */
    AttributeValue get(Map<String, AttributeValue> item, Placeholders placeholders) {
        AttributeValue current = item.get(name(0, placeholders));
        for (int i = 1; i < names.length && current != null; i++) {
            if (names[i] == null) {
                if (current instanceof AttributeValue.L l) {
                    List<AttributeValue> values = l.values();
                    int index = indexes[i];
                    current = index < values.size() ? values.get(index) : null;
                } else {
                    return null;
                }
            } else if (current instanceof AttributeValue.M m) {
                current = m.values().get(refs[i] ? placeholders.name(names[i]) : names[i]);
            } else {
                return null;
            }
        }
        return current;
    }

    /** Same elements, compared as written (placeholders unresolved). */
    boolean sameAs(Path other) {
        return Arrays.equals(names, other.names)
                && Arrays.equals(indexes, other.indexes)
                && Arrays.equals(refs, other.refs);
    }

    /** DynamoDB's rendering in error messages: {@code [a, b, [2]]}. */
    String describe() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < names.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (names[i] == null) {
                sb.append('[').append(indexes[i]).append(']');
            } else {
                sb.append(names[i]);
            }
        }
        return sb.append(']').toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            if (names[i] == null) {
                sb.append('[').append(indexes[i]).append(']');
            } else {
                if (i > 0) {
                    sb.append('.');
                }
                sb.append(names[i]);
            }
        }
        return sb.toString();
    }

    /**
     * Checks resolved paths pairwise as DynamoDB does for update and projection expressions: a path may not
     * be a prefix of (or equal to) another ("overlap"), nor use as a list what another uses as a map
     * ("conflict").
     */
    static void checkDisjoint(List<Path> resolved, String prefix) {
        for (int j = 1; j < resolved.size(); j++) {
            Path two = resolved.get(j);
            for (int i = 0; i < j; i++) {
                Path one = resolved.get(i);
                String problem = relation(one, two);
                if (problem != null) {
                    throw io.partita.storage.Message.ExpressionPathsConflict.exception(
                            prefix, problem, one.describe(), two.describe());
                }
            }
        }
    }

    /** "overlap", "conflict" or null, for two resolved paths. */
    private static String relation(Path a, Path b) {
        int n = Math.min(a.names.length, b.names.length);
        for (int i = 0; i < n; i++) {
            boolean ai = a.names[i] == null;
            boolean bi = b.names[i] == null;
            if (ai != bi) {
                return "conflict";
            }
            if (ai ? a.indexes[i] != b.indexes[i] : !a.names[i].equals(b.names[i])) {
                return null;
            }
        }
        return "overlap";
    }
}
