package io.partita.storage.model;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Numbers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** An update expression as data: SET a = :v, SET a = a + :d, REMOVE a, ADD a :d. */
record Upd(List<Action> actions) {
    sealed interface Action {
        String attr();
    }

    record Set_(String attr, AttributeValue value) implements Action {
        @Override
        public String toString() {
            return "SET " + attr + " = " + value;
        }
    }

    record SetPlus(String attr, AttributeValue.N delta) implements Action {
        @Override
        public String toString() {
            return "SET " + attr + " = " + attr + " + " + delta;
        }
    }

    record Remove(String attr) implements Action {
        @Override
        public String toString() {
            return "REMOVE " + attr;
        }
    }

    record Add(String attr, AttributeValue.N delta) implements Action {
        @Override
        public String toString() {
            return "ADD " + attr + " " + delta;
        }
    }

    boolean onlyRemoves() {
        return actions.stream().allMatch(a -> a instanceof Remove);
    }

    String render(Expr e) {
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        List<String> adds = new ArrayList<>();
        for (Action a : actions) {
            if (a instanceof Set_ s) {
                sets.add(e.name(s.attr) + " = " + e.value(s.value));
            } else if (a instanceof SetPlus s) {
                sets.add(e.name(s.attr) + " = " + e.name(s.attr) + " + " + e.value(s.delta));
            } else if (a instanceof Remove r) {
                removes.add(e.name(r.attr));
            } else if (a instanceof Add ad) {
                adds.add(e.name(ad.attr) + " " + e.value(ad.delta));
            }
        }
        StringBuilder sb = new StringBuilder();
        if (!sets.isEmpty()) {
            sb.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            sb.append(sb.isEmpty() ? "" : " ").append("REMOVE ").append(String.join(", ", removes));
        }
        if (!adds.isEmpty()) {
            sb.append(sb.isEmpty() ? "" : " ").append("ADD ").append(String.join(", ", adds));
        }
        return sb.toString();
    }

    /** Statically invalid (independent of the item): a table key updated, or two actions on one attribute. */
    String staticProblem(List<String> tableKeyNames) {
        Set<String> seen = new HashSet<>();
        for (Action a : actions) {
            if (tableKeyNames.contains(a.attr())) {
                return "update of table key attribute " + a.attr();
            }
            if (!seen.add(a.attr())) {
                return "two document paths overlap: " + a.attr();
            }
        }
        return null;
    }

    /** The updated item, or throws {@link IllegalArgumentException} when DynamoDB would reject the update for this item. */
    Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> out = new TreeMap<>(item);
        for (Action a : actions) {
            if (a instanceof Set_ s) {
                out.put(s.attr, s.value);
            } else if (a instanceof SetPlus s) {
                AttributeValue old = item.get(s.attr);
                if (!(old instanceof AttributeValue.N n)) {
                    throw new IllegalArgumentException(
                            "SET " + s.attr + " + : operand missing or not a number: " + old);
                }
                out.put(s.attr, AttributeValue.n(Numbers.normalize(n.value().add(s.delta.value()))));
            } else if (a instanceof Remove r) {
                out.remove(r.attr);
            } else if (a instanceof Add ad) {
                AttributeValue old = item.get(ad.attr);
                if (old == null) {
                    out.put(ad.attr, ad.delta);
                } else if (old instanceof AttributeValue.N n) {
                    out.put(
                            ad.attr,
                            AttributeValue.n(Numbers.normalize(n.value().add(ad.delta.value()))));
                } else {
                    throw new IllegalArgumentException("ADD to a non-number " + ad.attr + ": " + old);
                }
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return actions.toString();
    }
}
