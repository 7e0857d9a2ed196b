package io.partita;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A condition on a stored item: what conditional puts, deletes, updates and transaction checks require, and
 * what query filters keep. Immutable; combine with {@link #and}, {@link #or}, {@link #not}.
 *
 * <p>Typed conditions come from an entity's generated {@link Field} constants
 * ({@code GameScoreRepository.TOP_SCORE.gt(1000)}); the static factories here take raw attribute names and
 * values, and {@link #expression} takes a raw DynamoDB condition expression.
 */
public final class Condition {
    private final Function<ExpressionBuilder, String> renderer;
    private final String description;

    private Condition(Function<ExpressionBuilder, String> renderer, String description) {
        this.renderer = renderer;
        this.description = description;
    }

    /** Renders this condition into {@code builder}'s placeholder space and returns the expression text. */
    public String render(ExpressionBuilder builder) {
        return renderer.apply(builder);
    }

    // ---- raw attribute conditions --------------------------------------------------------------------

    /** {@code attribute_exists(attribute)}. */
    public static Condition attributeExists(String attribute) {
        return new Condition(b -> "attribute_exists(" + b.name(attribute) + ")", "exists(" + attribute + ")");
    }

    /** {@code attribute_not_exists(attribute)}. */
    public static Condition attributeNotExists(String attribute) {
        return new Condition(b -> "attribute_not_exists(" + b.name(attribute) + ")", "notExists(" + attribute + ")");
    }

    public static Condition eq(String attribute, AttributeValue value) {
        return comparison(attribute, "=", value);
    }

    public static Condition ne(String attribute, AttributeValue value) {
        return comparison(attribute, "<>", value);
    }

    public static Condition lt(String attribute, AttributeValue value) {
        return comparison(attribute, "<", value);
    }

    public static Condition le(String attribute, AttributeValue value) {
        return comparison(attribute, "<=", value);
    }

    public static Condition gt(String attribute, AttributeValue value) {
        return comparison(attribute, ">", value);
    }

    public static Condition ge(String attribute, AttributeValue value) {
        return comparison(attribute, ">=", value);
    }

    /** {@code attribute BETWEEN low AND high} (both ends included). */
    public static Condition between(String attribute, AttributeValue low, AttributeValue high) {
        Objects.requireNonNull(low, "low");
        Objects.requireNonNull(high, "high");
        return new Condition(
                b -> b.name(attribute) + " BETWEEN " + b.value(low) + " AND " + b.value(high),
                attribute + " between " + low + " and " + high);
    }

    /** {@code begins_with(attribute, prefix)} for S and B attributes. */
    public static Condition beginsWith(String attribute, AttributeValue prefix) {
        Objects.requireNonNull(prefix, "prefix");
        return new Condition(
                b -> "begins_with(" + b.name(attribute) + ", " + b.value(prefix) + ")",
                attribute + " beginsWith " + prefix);
    }

    /** {@code contains(attribute, operand)}: a substring of an S, an element of a set or list. */
    public static Condition contains(String attribute, AttributeValue operand) {
        Objects.requireNonNull(operand, "operand");
        return new Condition(
                b -> "contains(" + b.name(attribute) + ", " + b.value(operand) + ")",
                attribute + " contains " + operand);
    }

    /** {@code attribute IN (v1, v2, ...)}, 1 to 100 values. */
    public static Condition in(String attribute, List<AttributeValue> values) {
        if (values.isEmpty() || values.size() > 100) {
            throw new IllegalArgumentException(RuntimeMessage.InValueCount.format(values.size()));
        }
        List<AttributeValue> copy = List.copyOf(values);
        return new Condition(
                b -> {
                    StringBuilder sb = new StringBuilder(b.name(attribute)).append(" IN (");
                    for (int i = 0; i < copy.size(); i++) {
                        sb.append(i == 0 ? "" : ", ").append(b.value(copy.get(i)));
                    }
                    return sb.append(')').toString();
                },
                attribute + " in " + copy);
    }

    /**
     * A raw DynamoDB condition expression with its own placeholders, e.g.
     * {@code Condition.expression("#s = :open", Map.of("#s", "Status"), Map.of(":open", AttributeValue.s("OPEN")))}.
     * Avoid the {@code #pN}/{@code :pN} placeholder forms, which generated conditions use.
     */
    public static Condition expression(
            String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        Objects.requireNonNull(expression, "expression");
        Map<String, String> n = Map.copyOf(names);
        Map<String, AttributeValue> v = Map.copyOf(values);
        return new Condition(
                b -> {
                    b.addRaw(n, v);
                    return "(" + expression + ")";
                },
                expression);
    }

    private static Condition comparison(String attribute, String operator, AttributeValue value) {
        Objects.requireNonNull(attribute, "attribute");
        Objects.requireNonNull(value, "value");
        return new Condition(
                b -> b.name(attribute) + " " + operator + " " + b.value(value),
                attribute + " " + operator + " " + value);
    }

    // ---- combinators ---------------------------------------------------------------------------------

    /** Both this and {@code other}. */
    public Condition and(Condition other) {
        Objects.requireNonNull(other, "other");
        return new Condition(
                b -> "(" + render(b) + ") AND (" + other.render(b) + ")", "(" + this + ") and (" + other + ")");
    }

    /** This or {@code other}. */
    public Condition or(Condition other) {
        Objects.requireNonNull(other, "other");
        return new Condition(
                b -> "(" + render(b) + ") OR (" + other.render(b) + ")", "(" + this + ") or (" + other + ")");
    }

    /** The negation of {@code condition}. */
    public static Condition not(Condition condition) {
        return new Condition(b -> "NOT (" + condition.render(b) + ")", "not (" + condition + ")");
    }

    /** {@code a AND b}, where either may be null (then the other is returned). */
    public static Condition both(Condition a, Condition b) {
        return a == null ? b : b == null ? a : a.and(b);
    }

    @Override
    public String toString() {
        return description;
    }
}
