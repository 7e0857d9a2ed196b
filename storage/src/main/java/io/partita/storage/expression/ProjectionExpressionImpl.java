package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A parsed projection expression. The selected parts keep their enclosing maps and lists; selected list
 * elements keep their order and close up (a[1], a[3] of a five-element list give a two-element list), as
 * DynamoDB returns them.
 */
final class ProjectionExpressionImpl extends CompiledExpression implements ProjectionExpression {
    /** A trie of the selected paths. */
    private static final class Node {
        boolean leaf;
        Map<String, Node> names;
        TreeMap<Integer, Node> indexes;

        Node child(Path p, int i) {
            if (p.isIndex(i)) {
                if (indexes == null) {
                    indexes = new TreeMap<>();
                }
                return indexes.computeIfAbsent(p.index(i), k -> new Node());
            }
            if (names == null) {
                names = new LinkedHashMap<>();
            }
            return names.computeIfAbsent(p.rawName(i), k -> new Node());
        }
    }

    private final List<Path> paths;
    /** Precomputed when the expression has no #name placeholders; else built per request. */
    private final Node trie;

    private final Set<String> topLevel;

    private ProjectionExpressionImpl(Parser parser, List<Path> paths) {
        super(parser);
        this.paths = paths;
        if (hasNameRefs()) {
            this.trie = null;
            this.topLevel = null;
        } else {
            Path.checkDisjoint(paths, prefix);
            this.trie = buildTrie(paths);
            this.topLevel = topLevel(paths);
        }
    }

    static ProjectionExpressionImpl parse(String text) {
        Parser parser = new Parser(text, ExpressionKind.PROJECTION);
        return new ProjectionExpressionImpl(parser, List.copyOf(parser.parseProjectionExpression()));
    }

    private static Node buildTrie(List<Path> resolved) {
        Node root = new Node();
        for (Path p : resolved) {
            Node n = root;
            for (int i = 0; i < p.length(); i++) {
                n = n.child(p, i);
            }
            n.leaf = true;
        }
        return root;
    }

    private static Set<String> topLevel(List<Path> resolved) {
        Set<String> names = new LinkedHashSet<>();
        for (Path p : resolved) {
            names.add(p.rawName(0));
        }
        return Collections.unmodifiableSet(names);
    }

    @Override
    void validateResolved(Placeholders ph) {
        if (trie == null) {
            resolved(ph);
        }
    }

    private List<Path> resolved(Placeholders ph) {
        List<Path> out = new ArrayList<>(paths.size());
        for (Path p : paths) {
            out.add(p.resolve(ph));
        }
        Path.checkDisjoint(out, prefix);
        return out;
    }

    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item, Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        Node root = trie != null ? trie : buildTrie(resolved(ph));
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        if (item == null) {
            return out;
        }
        for (Map.Entry<String, Node> e : root.names.entrySet()) {
            AttributeValue v = item.get(e.getKey());
            if (v != null) {
                AttributeValue projected = project(v, e.getValue());
                if (projected != null) {
                    out.put(e.getKey(), projected);
                }
            }
        }
        return out;
    }

    /** The selected part of v, or null if nothing selected exists. */
    private static AttributeValue project(AttributeValue v, Node node) {
        if (node.leaf) {
            return v;
        }
        if (node.names != null && v instanceof AttributeValue.M m) {
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            for (Map.Entry<String, Node> e : node.names.entrySet()) {
                AttributeValue child = m.values().get(e.getKey());
                if (child != null) {
                    AttributeValue projected = project(child, e.getValue());
                    if (projected != null) {
                        out.put(e.getKey(), projected);
                    }
                }
            }
            return out.isEmpty() ? null : new AttributeValue.M(Collections.unmodifiableMap(out));
        }
        if (node.indexes != null && v instanceof AttributeValue.L l) {
            List<AttributeValue> values = l.values();
            List<AttributeValue> out = new ArrayList<>();
            for (Map.Entry<Integer, Node> e : node.indexes.entrySet()) {
                int index = e.getKey();
                if (index >= values.size()) {
                    break;
                }
                AttributeValue projected = project(values.get(index), e.getValue());
                if (projected != null) {
                    out.add(projected);
                }
            }
            return out.isEmpty() ? null : new AttributeValue.L(Collections.unmodifiableList(out));
        }
        return null;
    }

    @Override
    public Set<String> topLevelAttributes(Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        return topLevel != null ? topLevel : topLevel(resolved(ph));
    }
}
