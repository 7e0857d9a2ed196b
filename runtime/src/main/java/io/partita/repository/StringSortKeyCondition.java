package io.partita.repository;

/**
 * A {@link SortKeyCondition} on a String sort key (or String template part), which also offers
 * {@code begins_with}.
 *
 * @param <Q> the query builder to return to
 */
public final class StringSortKeyCondition<Q extends QueryBuilder<?, Q>> extends SortKeyCondition<String, Q> {
    StringSortKeyCondition(Q query, SortKeyTarget<String> target) {
        super(query, target);
    }

    /** Sort key starting with {@code prefix}. */
    public Q beginsWith(String prefix) {
        return apply(SortOperator.BEGINS_WITH, prefix, null);
    }
}
