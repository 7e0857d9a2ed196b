package io.partita.storage.model;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.Map;

/**
 * The small condition language the generator uses, rendered to DynamoDB condition syntax and evaluated by the
 * model. Comparisons on a missing attribute (or one of another type) are false, as in DynamoDB.
 */
sealed interface Cond {
    String render(Expr e);

    boolean test(Map<String, AttributeValue> item);

    record Exists(String attr) implements Cond {
        @Override
        public String render(Expr e) {
            return "attribute_exists(" + e.name(attr) + ")";
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return item.containsKey(attr);
        }

        @Override
        public String toString() {
            return "attribute_exists(" + attr + ")";
        }
    }

    record NotExists(String attr) implements Cond {
        @Override
        public String render(Expr e) {
            return "attribute_not_exists(" + e.name(attr) + ")";
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return !item.containsKey(attr);
        }

        @Override
        public String toString() {
            return "attribute_not_exists(" + attr + ")";
        }
    }

    /** {@code attr op value}, op one of = &lt; &lt;= &gt; &gt;= &lt;&gt;. */
    record Cmp(String attr, String op, AttributeValue value) implements Cond {
        @Override
        public String render(Expr e) {
            return e.name(attr) + " " + op + " " + e.value(value);
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = item.get(attr);
            if (v == null) {
                return false; // only generated with an attribute_exists guard for <>
            }
            if (v.type() != value.type()) {
                return op.equals("<>");
            }
            int c = KeyOrder.compare(v, value);
            return switch (op) {
                case "=" -> c == 0;
                case "<>" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                default -> throw new IllegalStateException(op);
            };
        }

        @Override
        public String toString() {
            return attr + " " + op + " " + value;
        }
    }

    record Between(String attr, AttributeValue lo, AttributeValue hi) implements Cond {
        @Override
        public String render(Expr e) {
            return e.name(attr) + " BETWEEN " + e.value(lo) + " AND " + e.value(hi);
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            AttributeValue v = item.get(attr);
            return v != null && v.type() == lo.type() && KeyOrder.compare(lo, v) <= 0 && KeyOrder.compare(v, hi) <= 0;
        }

        @Override
        public String toString() {
            return attr + " BETWEEN " + lo + " AND " + hi;
        }
    }

    record BeginsWith(String attr, AttributeValue.S prefix) implements Cond {
        @Override
        public String render(Expr e) {
            return "begins_with(" + e.name(attr) + ", " + e.value(prefix) + ")";
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return item.get(attr) instanceof AttributeValue.S s && s.value().startsWith(prefix.value());
        }

        @Override
        public String toString() {
            return "begins_with(" + attr + ", " + prefix + ")";
        }
    }

    record And(Cond a, Cond b) implements Cond {
        @Override
        public String render(Expr e) {
            return "(" + a.render(e) + ") AND (" + b.render(e) + ")";
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return a.test(item) && b.test(item);
        }

        @Override
        public String toString() {
            return "(" + a + ") AND (" + b + ")";
        }
    }

    record Or(Cond a, Cond b) implements Cond {
        @Override
        public String render(Expr e) {
            return "(" + a.render(e) + ") OR (" + b.render(e) + ")";
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return a.test(item) || b.test(item);
        }

        @Override
        public String toString() {
            return "(" + a + ") OR (" + b + ")";
        }
    }

    record Not(Cond a) implements Cond {
        @Override
        public String render(Expr e) {
            return "NOT (" + a.render(e) + ")";
        }

        @Override
        public boolean test(Map<String, AttributeValue> item) {
            return !a.test(item);
        }

        @Override
        public String toString() {
            return "NOT (" + a + ")";
        }
    }
}
