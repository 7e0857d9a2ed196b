package io.partita.repository;

import io.partita.Condition;
import io.partita.Cursor;
import io.partita.Page;
import io.partita.generated.QuerySpec;
import io.partita.internal.RuntimeMessage;
import io.partita.mapping.AttributeCodec;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The base of every generated query builder: holds the key condition, direction, limit, filter and
 * consistency of one query and runs it. Builders are single-use, not thread-safe, and cheap.
 *
 * <p>A generated builder extends this class (or {@link ConsistentQueryBuilder} for base-table and LSI
 * queries, which adds {@code consistentRead()}), sets the partition key in its constructor, and adds one
 * method per sort-key part returning a {@link SortKeyCondition}:
 *
 * <pre>{@code
 * public static final class GameTitleIndexQuery
 *         extends QueryBuilder<GameScoreGameTitleIndexView, GameTitleIndexQuery> {
 *     GameTitleIndexQuery(QuerySpec<GameScoreGameTitleIndexView> spec, String gameTitle) {
 *         super(spec);
 *         partitionKey("GameTitle", AttributeValue.s(gameTitle));
 *     }
 *     public SortKeyCondition<Integer, GameTitleIndexQuery> topScore() {
 *         return sortKey("TopScore", Codecs.INTEGER);
 *     }
 * }
 * }</pre>
 *
 * Staged builders for composite keys are chains of such classes, each built from the previous stage with
 * {@link #QueryBuilder(QueryBuilder)} and adding one {@link #sortKeyEquals} (native multi-attribute keys) or
 * a longer {@link #sortKeyBeginsWith} prefix (key templates).
 *
 * <p>Terminals: {@link #list()}, {@link #stream()} (lazy, one request per page), {@link #first()},
 * {@link #count()}, {@link #page()} and {@link #page(Cursor)}. {@link #limit(int)} caps the results of every
 * terminal; for {@code page} it is the page size. Without blocking a thread: {@link #listAsync()},
 * {@link #firstAsync()}, {@link #countAsync()}, {@link #pageAsync()}, {@link #pageAsync(Cursor)} and
 * {@link #pages()} (a {@link Flow.Publisher} of pages fetched on demand).
 *
 * @param <R> the result type (the entity, a projection view, or a shared table's item type)
 * @param <Q> the concrete builder, returned by the modifiers
 */
public abstract class QueryBuilder<R, Q extends QueryBuilder<R, Q>> {
    final QuerySpec<R> spec;
    /*
     * The partition-key and leading sort-key equalities as {name, value} pairs in the order given (a name given
     * again replaces its value in place, as a map would): one small array instead of two linked hash maps per
     * query, since a builder lives for one query and most have one partition attribute and no sort equality.
     */
    final KeyParts partition;
    /** {@link KeyParts#NONE} (shared, never written) until the first {@link #sortKeyEquals}: most queries have none. */
    KeyParts sortEquals;

    RangeTerm range;
    RangeTerm prefixTerm;
    Predicate<Map<String, AttributeValue>> residual;
    boolean descending;
    int limit = -1;
    boolean consistentRead;
    Condition filter;
    String scatterAttribute;
    List<AttributeValue> scatterValues;
    Executor executor;
    int concurrency;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;

    /** A new query on {@code spec}'s table or index. */
    protected QueryBuilder(QuerySpec<R> spec) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.partition = new KeyParts();
        this.sortEquals = KeyParts.NONE;
    }

    /** The next stage of a staged builder: a copy of {@code previous}'s state. */
    protected QueryBuilder(QueryBuilder<R, ?> previous) {
        this.spec = previous.spec;
        this.partition = new KeyParts(previous.partition);
        this.sortEquals = previous.sortEquals.isEmpty() ? KeyParts.NONE : new KeyParts(previous.sortEquals);
        this.range = previous.range;
        this.prefixTerm = previous.prefixTerm;
        this.residual = previous.residual;
        this.descending = previous.descending;
        this.limit = previous.limit;
        this.consistentRead = previous.consistentRead;
        this.filter = previous.filter;
        this.scatterAttribute = previous.scatterAttribute;
        this.scatterValues = previous.scatterValues;
        this.executor = previous.executor;
        this.concurrency = previous.concurrency;
        this.returnConsumedCapacity = previous.returnConsumedCapacity;
    }

    /**
     * Asks for the capacity the query consumes ({@code TOTAL}, or {@code INDEXES} for the index's share), read on
     * {@link Page#consumed()} (summed over every shard of a gather query).
     */
    public final Q returnConsumedCapacity(ReturnConsumedCapacity level) {
        this.returnConsumedCapacity = Objects.requireNonNull(level, "level");
        return self();
    }

    /** This builder as its concrete type. */
    @SuppressWarnings("unchecked")
    protected final Q self() {
        return (Q) this;
    }

    // ---- for generated subclasses: the key condition ---------------------------------------------------

    /** Requires {@code attribute} (a partition-key attribute, or one part of a multi-attribute one) to equal {@code value}. */
    protected final void partitionKey(String attribute, AttributeValue value) {
        partition.put(Objects.requireNonNull(attribute, "attribute"), requireKeyValue(attribute, value));
    }

    /**
     * Requires a leading part of a multi-attribute sort key to equal {@code value}; parts must be given in
     * key order, and a range condition may follow only on the next part.
     */
    protected final void sortKeyEquals(String attribute, AttributeValue value) {
        if (range != null) {
            throw new IllegalStateException(RuntimeMessage.SortKeyPartAfterRange.format(attribute, range.attribute()));
        }
        Objects.requireNonNull(attribute, "attribute");
        AttributeValue checked = requireKeyValue(attribute, value);
        if (sortEquals == KeyParts.NONE) {
            sortEquals = new KeyParts();
        }
        sortEquals.put(attribute, checked);
    }

    /**
     * A key-template stage's rendered prefix ({@code "ORDER#"}, then {@code "ORDER#2024-05-01#"}): the query
     * keeps sort keys beginning with it unless a condition on the next template part replaces it (those
     * conditions stay within the prefix themselves). Each stage's call replaces the previous stage's prefix.
     */
    protected final void sortKeyBeginsWith(String attribute, String prefix) {
        this.prefixTerm = new RangeTerm(
                attribute, SortOperator.BEGINS_WITH, requireKeyValue(attribute, AttributeValue.s(prefix)), null);
    }

    /** The condition step for the sort-key attribute {@code attribute} (or the last part of a multi-attribute sort key). */
    protected final <V> SortKeyCondition<V, Q> sortKey(String attribute, AttributeCodec<V> codec) {
        return new SortKeyCondition<>(self(), plainTarget(attribute, codec::encode));
    }

    /** {@link #sortKey} for a String attribute, adding {@code beginsWith}. */
    protected final StringSortKeyCondition<Q> stringSortKey(String attribute) {
        return new StringSortKeyCondition<>(self(), plainTarget(attribute, AttributeValue::s));
    }

    /** {@link #sortKey} for a binary attribute, adding {@code beginsWith}. */
    protected final BinarySortKeyCondition<Q> binarySortKey(String attribute) {
        return new BinarySortKeyCondition<>(self(), plainTarget(attribute, AttributeValue::b));
    }

    /**
     * The condition step for one placeholder of a sort-key template such as {@code "ORDER#{orderDate}#{orderId}"}.
     *
     * @param attribute  the String attribute the template renders into ({@code SK})
     * @param prefix     everything before the placeholder, rendered: literals and the parts already supplied
     *                   ({@code "ORDER#"}, or {@code "ORDER#2024-05-01#"} for {@code orderId})
     * @param following  the literal right after the placeholder ({@code "#"}), or {@code ""} for the last part
     * @param render     the part's order-preserving rendering (a {@code KeyFormat} method)
     * @param fixedWidth true when every rendering has the same length ({@code :sortable} numbers, dates,
     *                   UUIDs), which lets range bounds be tighter
     */
    protected final <V> SortKeyCondition<V, Q> templateSortKey(
            String attribute, String prefix, String following, Function<? super V, String> render, boolean fixedWidth) {
        return new SortKeyCondition<>(self(), new TemplateRange<>(attribute, prefix, following, render, fixedWidth));
    }

    /** {@link #templateSortKey} for a String placeholder, adding {@code beginsWith} on the part. */
    protected final StringSortKeyCondition<Q> templateStringSortKey(String attribute, String prefix, String following) {
        return new StringSortKeyCondition<>(self(), new TemplateRange<>(attribute, prefix, following, s -> s, false));
    }

    /**
     * Scatter-gather seam ({@code @Scatter}): the query runs once per value of the partition-key attribute
     * {@code attribute} (the other partition parts fixed by {@link #partitionKey}) and the shard results are
     * merged in sort-key order. Cursors then hold one position per shard.
     */
    protected final void scatter(String attribute, List<AttributeValue> shardValues) {
        if (shardValues.isEmpty()) {
            throw new IllegalArgumentException(RuntimeMessage.ScatterWithoutShards.format());
        }
        this.scatterAttribute = Objects.requireNonNull(attribute, "attribute");
        this.scatterValues = List.copyOf(shardValues);
    }

    /** The spec this query runs on. */
    protected final QuerySpec<R> spec() {
        return spec;
    }

    // ---- modifiers ---------------------------------------------------------------------------------------

    /** Results in descending sort-key order (ScanIndexForward=false). */
    public final Q descending() {
        this.descending = true;
        return self();
    }

    /**
     * At most {@code n} results from {@code list}/{@code stream}/{@code count}; the page size of {@code page}.
     */
    public final Q limit(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException(RuntimeMessage.LimitNotPositive.format(n));
        }
        this.limit = n;
        return self();
    }

    /**
     * Keeps only results matching {@code condition} (a DynamoDB filter expression: applied after the key
     * condition, may not name key attributes, and the items it drops still cost reads).
     */
    public final Q filter(Condition condition) {
        this.filter = Condition.both(this.filter, Objects.requireNonNull(condition, "condition"));
        return self();
    }

    /**
     * Gather queries ({@code @Scatter} indexes): run shard requests on {@code executor} instead of the database's
     * ({@link io.partita.GatherOptions}). {@code Runnable::run} reads the shards one after the other.
     */
    public final Q executor(Executor executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
        return self();
    }

    /** Gather queries: at most {@code n} shard requests in flight at once (1 to 1000); no effect on other queries. */
    public final Q concurrency(int n) {
        if (n < 1 || n > 1000) {
            throw new IllegalArgumentException(RuntimeMessage.ConcurrencyOutOfRange.format(n));
        }
        this.concurrency = n;
        return self();
    }

    // ---- terminals ---------------------------------------------------------------------------------------

    /** Every result (up to the limit), fetching page after page. */
    public final List<R> list() {
        return QueryEngine.list(this);
    }

    /**
     * The results as a lazy stream: a page is fetched when the previous one is consumed (a gather query keeps one
     * page per shard in flight). Closing the stream stops a gather's outstanding shard reads.
     */
    public final Stream<R> stream() {
        Iterator<R> it = iterator();
        Stream<R> s = StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false);
        return it instanceof QueryEngine.Decoding<R> d ? s.onClose(d::close) : s;
    }

    /** The first result, if any. */
    public final Optional<R> first() {
        int saved = limit;
        limit = 1;
        try {
            Iterator<R> it = iterator();
            return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
        } finally {
            limit = saved;
        }
    }

    /** How many results the query has (up to the limit); uses Select COUNT when no result needs decoding. */
    public final long count() {
        return QueryEngine.count(this);
    }

    /** The first page. */
    public final Page<R> page() {
        return QueryEngine.page(this, null);
    }

    /** The page starting after {@code cursor} (from a previous page of the same query); null means the first page. */
    public final Page<R> page(Cursor cursor) {
        return QueryEngine.page(this, cursor);
    }

    private Iterator<R> iterator() {
        return QueryEngine.iterator(this);
    }

    // ---- asynchronous terminals --------------------------------------------------------------------------

    /**
     * {@link #list()} without blocking a thread: pages are requested one after the other through the database's
     * asynchronous backend (a gather keeps at most {@link #concurrency} shard requests in flight and merges as
     * pages arrive). Cancelling the future cancels the requests in flight and sends no more.
     */
    public final CompletableFuture<List<R>> listAsync() {
        return AsyncQueries.listAsync(this);
    }

    /** {@link #first()} without blocking. */
    public final CompletableFuture<Optional<R>> firstAsync() {
        int saved = limit;
        limit = 1;
        try {
            CompletableFuture<List<R>> list = AsyncQueries.listAsync(this);
            return AsyncQueries.linked(
                    list, list.thenApply(l -> l.isEmpty() ? Optional.<R>empty() : Optional.of(l.get(0))));
        } finally {
            limit = saved;
        }
    }

    /** {@link #count()} without blocking; a gather counts its shards in parallel, at most {@link #concurrency} at once. */
    public final CompletableFuture<Long> countAsync() {
        return AsyncQueries.countAsync(this);
    }

    /** {@link #page()} without blocking. */
    public final CompletableFuture<Page<R>> pageAsync() {
        return AsyncQueries.pageAsync(this, null);
    }

    /** {@link #page(Cursor)} without blocking. */
    public final CompletableFuture<Page<R>> pageAsync(Cursor cursor) {
        return AsyncQueries.pageAsync(this, cursor);
    }

    /**
     * The query's pages as a lazy {@link Flow.Publisher}: a page is requested only when the subscriber has
     * demand for it ({@link Flow.Subscription#request}), one request (or one gather page) at a time, each page
     * starting at the previous page's cursor; the publisher completes after the last page. Cancelling the
     * subscription cancels the page in flight. Each subscription reads the query from its start.
     */
    public final Flow.Publisher<Page<R>> pages() {
        return new PagePublisher<>(cursor -> AsyncQueries.pageAsync(this, cursor));
    }

    // ---- internals ---------------------------------------------------------------------------------------

    Executor effectiveExecutor() {
        return executor != null ? executor : spec.gather().executor();
    }

    int effectiveConcurrency() {
        return concurrency > 0 ? concurrency : spec.gather().concurrency();
    }

    /** The sort-key condition sent: an explicit condition, else a template stage's prefix. */
    final RangeTerm effectiveRange() {
        return range != null ? range : prefixTerm;
    }

    final void setRange(RangeTerm term) {
        if (range != null) {
            throw new IllegalStateException(RuntimeMessage.SecondSortKeyCondition.format(range));
        }
        this.range = term;
    }

    final void addResidual(Predicate<Map<String, AttributeValue>> predicate) {
        this.residual = residual == null ? predicate : residual.and(predicate);
    }

    private static AttributeValue requireKeyValue(String attribute, AttributeValue value) {
        if (value == null) {
            throw new IllegalArgumentException(RuntimeMessage.NullKeyValue.format(attribute));
        }
        return value;
    }

    private <V> SortKeyCondition.SortKeyTarget<V> plainTarget(String attribute, Function<V, AttributeValue> encode) {
        return (query, op, first, second) -> query.setRange(new RangeTerm(
                attribute,
                op,
                requireKeyValue(attribute, encode.apply(first)),
                second == null ? null : requireKeyValue(attribute, encode.apply(second))));
    }

    /** Attribute names with their values in the order first given; giving a name again replaces its value. */
    static final class KeyParts {
        /** The empty parts a builder without sort-key equalities shares: never written to. */
        static final KeyParts NONE = new KeyParts();

        // the first pair in fields (most keys have one partition attribute: no array per query), the others in pairs
        private String name0;
        private AttributeValue value0;
        private Object[] pairs; // name, value, name, value ... from the second pair on; null while there is none
        private int size;

        KeyParts() {}

        KeyParts(KeyParts other) {
            this.name0 = other.name0;
            this.value0 = other.value0;
            this.pairs = other.pairs == null ? null : other.pairs.clone();
            this.size = other.size;
        }

        void put(String name, AttributeValue value) {
            for (int i = 0; i < size; i++) {
                if (name(i).equals(name)) {
                    if (i == 0) {
                        value0 = value;
                    } else {
                        pairs[2 * i - 1] = value;
                    }
                    return;
                }
            }
            if (size == 0) {
                name0 = name;
                value0 = value;
            } else {
                int at = 2 * (size - 1);
                if (pairs == null) {
                    pairs = new Object[2];
                } else if (at == pairs.length) {
                    pairs = Arrays.copyOf(pairs, pairs.length * 2);
                }
                pairs[at] = name;
                pairs[at + 1] = value;
            }
            size++;
        }

        int size() {
            return size;
        }

        boolean isEmpty() {
            return size == 0;
        }

        String name(int i) {
            return i == 0 ? name0 : (String) pairs[2 * i - 2];
        }

        AttributeValue value(int i) {
            return i == 0 ? value0 : (AttributeValue) pairs[2 * i - 1];
        }

        boolean contains(String name) {
            for (int i = 0; i < size; i++) {
                if (name(i).equals(name)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** One sort-key condition: {@code attribute op first [AND second]}. */
    record RangeTerm(String attribute, SortOperator operator, AttributeValue first, AttributeValue second) {
        @Override
        public String toString() {
            return attribute + " " + operator.symbol() + " " + first + (second == null ? "" : " AND " + second);
        }
    }
}
