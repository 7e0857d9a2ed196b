package io.partita.repository;

import java.util.Objects;

/**
 * The condition step of a query on one sort-key attribute (or the last supplied part of a composite sort
 * key): each method sets the condition and returns the query to go on with. Generated builders return it
 * from a method named after the sort-key field: {@code scores.query("u1").gameTitle().lt("M")}.
 *
 * @param <V> the sort key's Java type
 * @param <Q> the query builder to return to
 */
public class SortKeyCondition<V, Q extends QueryBuilder<?, Q>> {
    private final Q query;
    private final SortKeyTarget<V> target;

    SortKeyCondition(Q query, SortKeyTarget<V> target) {
        this.query = query;
        this.target = target;
    }

    /** Sort key equal to {@code value}. */
    public Q eq(V value) {
        return apply(SortOperator.EQ, value, null);
    }

    /** Sort key less than {@code value}. */
    public Q lt(V value) {
        return apply(SortOperator.LT, value, null);
    }

    /** Sort key at most {@code value}. */
    public Q le(V value) {
        return apply(SortOperator.LE, value, null);
    }

    /** Sort key greater than {@code value}. */
    public Q gt(V value) {
        return apply(SortOperator.GT, value, null);
    }

    /** Sort key at least {@code value}. */
    public Q ge(V value) {
        return apply(SortOperator.GE, value, null);
    }

    /** Sort key from {@code low} to {@code high}, both included; {@code low} must not exceed {@code high}. */
    public Q between(V low, V high) {
        return apply(SortOperator.BETWEEN, low, Objects.requireNonNull(high, "high"));
    }

    final Q apply(SortOperator operator, V first, V second) {
        Objects.requireNonNull(first, "a sort-key condition needs a value");
        target.apply(query, operator, first, second);
        return query;
    }

    /** How a condition lands on the query: a plain attribute, or one part of a key template. */
    interface SortKeyTarget<V> {
        void apply(QueryBuilder<?, ?> query, SortOperator operator, V first, V second);
    }
}
