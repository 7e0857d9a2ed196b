package io.partita.repository;

/**
 * A {@link SortKeyCondition} on a binary sort key, which also offers {@code begins_with}.
 *
 * @param <Q> the query builder to return to
 */
public final class BinarySortKeyCondition<Q extends QueryBuilder<?, Q>> extends SortKeyCondition<byte[], Q> {
    BinarySortKeyCondition(Q query, SortKeyTarget<byte[]> target) {
        super(query, target);
    }

    /** Sort key starting with the bytes of {@code prefix}. */
    public Q beginsWith(byte[] prefix) {
        return apply(SortOperator.BEGINS_WITH, prefix, null);
    }
}
