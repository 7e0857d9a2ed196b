package io.partita.repository;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.KeyOrder;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A sort-key condition on one placeholder of a key template, turned into a key condition on the rendered
 * attribute. Equality and {@code begins_with} map exactly to {@code begins_with}/{@code =}; ranges become a
 * {@code BETWEEN} that covers every matching key (bounded to the template's literal prefix, so other entity
 * types in a shared partition stay out) plus an exact check on the extracted part, applied to each result.
 */
final class TemplateRange<V> implements SortKeyCondition.SortKeyTarget<V> {
    private final String attribute;
    private final String prefix;
    private final String following;
    private final Function<? super V, String> render;
    private final boolean fixedWidth;

    TemplateRange(
            String attribute, String prefix, String following, Function<? super V, String> render, boolean fixedWidth) {
        this.attribute = attribute;
        this.prefix = prefix == null ? "" : prefix;
        this.following = following == null ? "" : following;
        this.render = render;
        this.fixedWidth = fixedWidth;
    }

    @Override
    public void apply(QueryBuilder<?, ?> query, SortOperator op, V first, V second) {
        String r1 = rendered(first);
        String r2 = second == null ? null : rendered(second);
        boolean last = following.isEmpty();
        switch (op) {
            case EQ ->
                query.setRange(
                        last
                                ? term(SortOperator.EQ, prefix + r1, null)
                                : term(SortOperator.BEGINS_WITH, prefix + r1 + following, null));
            case BEGINS_WITH -> query.setRange(term(SortOperator.BEGINS_WITH, prefix + r1, null));
            case GT, GE -> {
                String upper = successor(prefix);
                query.setRange(
                        upper == null
                                ? term(SortOperator.GE, prefix + r1, null)
                                : term(SortOperator.BETWEEN, prefix + r1, upper));
                query.addResidual(
                        partMatches(part -> op == SortOperator.GT ? compare(part, r1) > 0 : compare(part, r1) >= 0));
            }
            case LT, LE -> {
                setUpTo(query, r1, op == SortOperator.LT);
                query.addResidual(
                        partMatches(part -> op == SortOperator.LT ? compare(part, r1) < 0 : compare(part, r1) <= 0));
            }
            case BETWEEN -> {
                if (compare(r1, r2) > 0) {
                    throw new IllegalArgumentException(RuntimeMessage.BetweenBoundsReversed.format(first, second));
                }
                String upper = upperBound(r2, false);
                query.setRange(
                        upper == null
                                ? term(SortOperator.GE, prefix + r1, null)
                                : term(SortOperator.BETWEEN, prefix + r1, upper));
                query.addResidual(partMatches(part -> compare(part, r1) >= 0 && compare(part, r2) <= 0));
            }
        }
    }

    private void setUpTo(QueryBuilder<?, ?> query, String r, boolean exclusive) {
        String upper = upperBound(r, exclusive);
        if (upper == null) {
            return; // no bound can be expressed: the residual check alone selects
        }
        query.setRange(
                prefix.isEmpty() ? term(SortOperator.LE, upper, null) : term(SortOperator.BETWEEN, prefix, upper));
    }

    /** An inclusive upper bound for every key whose part is at most (or below) {@code r}. */
    private String upperBound(String r, boolean exclusive) {
        if (following.isEmpty()) {
            return prefix + r; // the key is prefix + part: part <= r iff key <= prefix + r
        }
        if (fixedWidth) {
            return exclusive ? prefix + r : successor(prefix + r);
        }
        return successor(prefix);
    }

    private Predicate<Map<String, AttributeValue>> partMatches(Predicate<String> test) {
        return item -> {
            String part = part(item.get(attribute));
            return part != null && test.test(part);
        };
    }

    /** The placeholder's rendering inside a stored key, or null when the key does not follow the template. */
    private String part(AttributeValue stored) {
        if (!(stored instanceof AttributeValue.S s) || !s.value().startsWith(prefix)) {
            return null;
        }
        String rest = s.value().substring(prefix.length());
        if (following.isEmpty()) {
            return rest;
        }
        int end = rest.indexOf(following);
        return end < 0 ? rest : rest.substring(0, end);
    }

    private String rendered(V value) {
        String r = render.apply(value);
        if (r == null) {
            throw new IllegalArgumentException(RuntimeMessage.TemplatePartWithoutValue.format(attribute, value));
        }
        return r;
    }

    private QueryBuilder.RangeTerm term(SortOperator op, String a, String b) {
        return new QueryBuilder.RangeTerm(attribute, op, AttributeValue.s(a), b == null ? null : AttributeValue.s(b));
    }

    private static int compare(String a, String b) {
        return KeyOrder.compareUtf8(a, b);
    }

    /** The smallest string above every string starting with {@code s}, or null when there is none (empty s). */
    static String successor(String s) {
        StringBuilder sb = new StringBuilder(s);
        while (sb.length() > 0) {
            char c = sb.charAt(sb.length() - 1);
            if (c != Character.MAX_VALUE && !Character.isSurrogate((char) (c + 1))) {
                sb.setCharAt(sb.length() - 1, (char) (c + 1));
                return sb.toString();
            }
            sb.setLength(sb.length() - 1);
        }
        return null;
    }
}
