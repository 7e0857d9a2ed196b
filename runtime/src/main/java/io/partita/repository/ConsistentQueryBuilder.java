package io.partita.repository;

import io.partita.generated.QuerySpec;

/**
 * A query builder for the base table or a local secondary index: adds {@link #consistentRead()}. Generated
 * GSI builders extend {@link QueryBuilder} instead, so asking a GSI for a consistent read does not compile.
 *
 * @param <R> the result type
 * @param <Q> the concrete builder
 */
public abstract class ConsistentQueryBuilder<R, Q extends ConsistentQueryBuilder<R, Q>> extends QueryBuilder<R, Q> {

    protected ConsistentQueryBuilder(QuerySpec<R> spec) {
        super(spec);
    }

    protected ConsistentQueryBuilder(QueryBuilder<R, ?> previous) {
        super(previous);
    }

    /** Strongly consistent reads (ConsistentRead=true): every write acknowledged before the query is seen. */
    public final Q consistentRead() {
        this.consistentRead = true;
        return self();
    }
}
