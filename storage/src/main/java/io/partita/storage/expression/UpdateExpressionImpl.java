package io.partita.storage.expression;

import io.partita.storage.Message;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.storage.value.Numbers;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed update expression. Applying it follows DynamoDB: every SET value is computed from the item as it
 * was before the update; SET, ADD and DELETE then write; REMOVE goes last, list elements from the highest
 * index down so that every index refers to the list as it was.
 */
final class UpdateExpressionImpl extends CompiledExpression implements UpdateExpression {
    static final String INVALID_PATH = "The document path provided in the update expression is invalid for update";

    private final UpdateAction[] actions;
    /** Target paths resolved and checked at parse time, when there are no #name placeholders; else null. */
    private final Path[] staticTargets;

    private final Set<String> staticTopLevel;
    private final boolean hasRemove;

    private UpdateExpressionImpl(Parser parser, List<UpdateAction> actions) {
        super(parser);
        this.actions = actions.toArray(new UpdateAction[0]);
        boolean remove = false;
        for (UpdateAction a : this.actions) {
            remove |= a.type == UpdateAction.REMOVE;
        }
        this.hasRemove = remove;
        if (hasNameRefs()) {
            this.staticTargets = null;
            this.staticTopLevel = null;
        } else {
            Path[] targets = new Path[this.actions.length];
            for (int i = 0; i < targets.length; i++) {
                targets[i] = this.actions[i].path;
            }
            Path.checkDisjoint(Arrays.asList(targets), prefix);
            this.staticTargets = targets;
            this.staticTopLevel = topLevel(targets);
        }
    }

    static UpdateExpressionImpl parse(String text) {
        Parser parser = new Parser(text, ExpressionKind.UPDATE);
        return new UpdateExpressionImpl(parser, parser.parseUpdateExpression());
    }

    private static Set<String> topLevel(Path[] targets) {
        Set<String> names = new LinkedHashSet<>();
        for (Path p : targets) {
            names.add(p.rawName(0));
        }
        return Collections.unmodifiableSet(names);
    }

    @Override
    void validateResolved(Placeholders ph) {
        targets(ph);
    }

    private Path[] targets(Placeholders ph) {
        if (staticTargets != null) {
            return staticTargets;
        }
        Path[] targets = new Path[actions.length];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = actions[i].path.resolve(ph);
        }
        Path.checkDisjoint(Arrays.asList(targets), prefix);
        return targets;
    }

    @Override
    public Set<String> topLevelAttributes(Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        return staticTopLevel != null ? staticTopLevel : topLevel(targets(ph));
    }

    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item, Placeholders placeholders) {
        Placeholders ph = prepare(placeholders);
        Map<String, AttributeValue> original = item == null ? Map.of() : item;
        Path[] targets = targets(ph);
        // Every SET value is computed from the item before the update.
        AttributeValue[] setValues = new AttributeValue[actions.length];
        for (int i = 0; i < actions.length; i++) {
            UpdateAction a = actions[i];
            if (a.type == UpdateAction.SET) {
                setValues[i] = Ast.required(a.value.eval(original, ph));
            }
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>(original);
        for (int i = 0; i < actions.length; i++) {
            UpdateAction a = actions[i];
            switch (a.type) {
                case UpdateAction.SET: {
                    AttributeValue v = setValues[i];
                    write(out, targets[i], old -> v);
                    break;
                }
                case UpdateAction.ADD: {
                    AttributeValue v = ph.value(a.valueRef);
                    write(out, targets[i], old -> add(old, v));
                    break;
                }
                case UpdateAction.DELETE: {
                    AttributeValue v = ph.value(a.valueRef);
                    write(out, targets[i], old -> delete(old, v));
                    break;
                }
                default:
                    break;
            }
        }
        if (hasRemove) {
            List<Path> removals = new ArrayList<>();
            for (int i = 0; i < actions.length; i++) {
                if (actions[i].type == UpdateAction.REMOVE) {
                    removals.add(targets[i]);
                }
            }
            removals.sort(REMOVAL_ORDER);
            for (Path p : removals) {
                write(out, p, old -> null);
            }
        }
        return out;
    }

    /**
     * A total order that puts, among paths into one list, higher indexes first: removing them in this order
     * leaves every other index pointing at the element it named in the original list.
     */
    private static final Comparator<Path> REMOVAL_ORDER = (a, b) -> {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            boolean ai = a.isIndex(i);
            boolean bi = b.isIndex(i);
            if (ai != bi) {
                return ai ? 1 : -1;
            }
            int c = ai ? Integer.compare(b.index(i), a.index(i)) : a.rawName(i).compareTo(b.rawName(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length(), b.length());
    };

    /** What an action does to the value at its path: the new value, or null to remove it. */
    private interface Change {
        AttributeValue apply(AttributeValue old);
    }

    /** Writes at a resolved path: top-level attributes in place, nested values by copying their containers. */
    private static void write(Map<String, AttributeValue> item, Path p, Change change) {
        String first = p.rawName(0);
        AttributeValue old = item.get(first);
        if (p.length() == 1) {
            AttributeValue v = change.apply(old);
            if (v == null) {
                item.remove(first);
            } else {
                item.put(first, v);
            }
            return;
        }
        if (old == null) {
            throw Message.UpdatePathInvalid.exception();
        }
        AttributeValue updated = writeIn(old, p, 1, change);
        if (updated != old) {
            item.put(first, updated);
        }
    }

    private static AttributeValue writeIn(AttributeValue container, Path p, int i, Change change) {
        boolean last = i == p.length() - 1;
        if (p.isIndex(i)) {
            if (!(container instanceof AttributeValue.L l)) {
                throw Message.UpdatePathInvalid.exception();
            }
            List<AttributeValue> values = l.values();
            int index = p.index(i);
            AttributeValue old = index < values.size() ? values.get(index) : null;
            AttributeValue v;
            if (last) {
                v = change.apply(old);
            } else {
                if (old == null) {
                    throw Message.UpdatePathInvalid.exception();
                }
                v = writeIn(old, p, i + 1, change);
            }
            if (v == old) {
                return container;
            }
            List<AttributeValue> copy = new ArrayList<>(values);
            if (v == null) {
                copy.remove(index);
            } else if (old == null) {
                copy.add(v); // DynamoDB: SET beyond the end of a list appends
            } else {
                copy.set(index, v);
            }
            return new AttributeValue.L(Collections.unmodifiableList(copy));
        }
        if (!(container instanceof AttributeValue.M m)) {
            throw Message.UpdatePathInvalid.exception();
        }
        String name = p.rawName(i);
        AttributeValue old = m.values().get(name);
        AttributeValue v;
        if (last) {
            v = change.apply(old);
        } else {
            if (old == null) {
                throw Message.UpdatePathInvalid.exception();
            }
            v = writeIn(old, p, i + 1, change);
        }
        if (v == old) {
            return container;
        }
        Map<String, AttributeValue> copy = new LinkedHashMap<>(m.values());
        if (v == null) {
            copy.remove(name);
        } else {
            copy.put(name, v);
        }
        return new AttributeValue.M(Collections.unmodifiableMap(copy));
    }

    /** ADD: numbers add, sets unite; a missing attribute takes the operand. */
    private static AttributeValue add(AttributeValue old, AttributeValue operand) {
        if (old == null) {
            return operand;
        }
        if (old instanceof AttributeValue.N a && operand instanceof AttributeValue.N b) {
            BigDecimal sum = a.value().add(b.value());
            return new AttributeValue.N(Numbers.normalize(sum));
        }
        if (old instanceof AttributeValue.SS a && operand instanceof AttributeValue.SS b) {
            Set<String> union = new LinkedHashSet<>(a.values());
            union.addAll(b.values());
            return union.size() == a.values().size() ? old : AttributeValue.ss(union);
        }
        if (old instanceof AttributeValue.NS a && operand instanceof AttributeValue.NS b) {
            Set<BigDecimal> union = new LinkedHashSet<>(a.values());
            union.addAll(b.values());
            return union.size() == a.values().size() ? old : AttributeValue.ns(union);
        }
        if (old instanceof AttributeValue.BS a && operand instanceof AttributeValue.BS b) {
            Set<Bytes> union = new LinkedHashSet<>(a.values());
            union.addAll(b.values());
            return union.size() == a.values().size() ? old : AttributeValue.bs(union);
        }
        throw Message.UpdateOperandWrongType.exception();
    }

    /** DELETE: set difference; a set left empty is removed; a missing attribute stays missing. */
    private static AttributeValue delete(AttributeValue old, AttributeValue operand) {
        if (old == null) {
            return null;
        }
        if (old instanceof AttributeValue.SS a && operand instanceof AttributeValue.SS b) {
            Set<String> rest = new LinkedHashSet<>(a.values());
            rest.removeAll(b.values());
            return rest.size() == a.values().size() ? old : rest.isEmpty() ? null : AttributeValue.ss(rest);
        }
        if (old instanceof AttributeValue.NS a && operand instanceof AttributeValue.NS b) {
            Set<BigDecimal> rest = new LinkedHashSet<>(a.values());
            rest.removeAll(b.values());
            return rest.size() == a.values().size() ? old : rest.isEmpty() ? null : AttributeValue.ns(rest);
        }
        if (old instanceof AttributeValue.BS a && operand instanceof AttributeValue.BS b) {
            Set<Bytes> rest = new LinkedHashSet<>(a.values());
            rest.removeAll(b.values());
            return rest.size() == a.values().size() ? old : rest.isEmpty() ? null : AttributeValue.bs(rest);
        }
        throw Message.UpdateOperandWrongType.exception();
    }
}
