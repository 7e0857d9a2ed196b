package io.partita.storage.model;

import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.Map;

/** One key-condition term: attribute, operator (= &lt; &lt;= &gt; &gt;= BETWEEN begins_with), one or two values. */
record KeyTerm(String attr, String op, AttributeValue lo, AttributeValue hi) {
    String render(Expr e) {
        return switch (op) {
            case "BETWEEN" -> e.name(attr) + " BETWEEN " + e.value(lo) + " AND " + e.value(hi);
            case "begins_with" -> "begins_with(" + e.name(attr) + ", " + e.value(lo) + ")";
            default -> e.name(attr) + " " + op + " " + e.value(lo);
        };
    }

    boolean test(Map<String, AttributeValue> item) {
        AttributeValue v = item.get(attr);
        if (v == null || v.type() != lo.type()) {
            return false;
        }
        int c = KeyOrder.compare(v, lo);
        return switch (op) {
            case "=" -> c == 0;
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            case ">=" -> c >= 0;
            case "BETWEEN" -> c >= 0 && KeyOrder.compare(v, hi) <= 0;
            case "begins_with" ->
                v instanceof AttributeValue.S s
                        ? s.value().startsWith(lo.asS())
                        : v instanceof AttributeValue.B b && b.value().startsWith(lo.asB());
            default -> throw new IllegalStateException(op);
        };
    }

    @Override
    public String toString() {
        return switch (op) {
            case "BETWEEN" -> attr + " BETWEEN " + lo + " AND " + hi;
            case "begins_with" -> "begins_with(" + attr + ", " + lo + ")";
            default -> attr + " " + op + " " + lo;
        };
    }
}
