package io.partita.generated;

import io.partita.GatherOptions;
import io.partita.Partita;
import io.partita.mapping.ItemDecoder;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Backend;
import io.partita.storage.api.Select;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a query runs and how its results are read: backend, table, index (null for the base table), the
 * decoder for result items, and the key attributes of the queried index (for cursors and for merging shards).
 * Repositories hand one to each generated query builder's constructor; it is immutable.
 *
 * @param <R> the result type
 */
public final class QuerySpec<R> {
    private final Backend backend;
    /*
     * Where asynchronous terminals send: given, or resolved on first use (from db, else from backend), so that
     * building a spec, which a repository does on its first blocking query, does not build the database's
     * asynchronous request path. Racy like String.hash: every thread resolves the same path.
     */
    private volatile AsyncBackend asyncBackend;
    private final Partita db;
    private final TableDefinition table;
    private final String indexName;
    private final ItemDecoder<R> decoder;
    private final Select select;
    private final List<String> entryKeyAttributes;
    private final List<String> sortKeyAttributes;
    private final boolean decoderMaySkip;
    private final GatherOptions gather;
    /** See {@link #engineCache()}. */
    private volatile Object[] engineCache = NO_CACHE;

    private static final Object[] NO_CACHE = {};

    QuerySpec(
            Backend backend,
            AsyncBackend asyncBackend,
            Partita db,
            TableDefinition table,
            String indexName,
            ItemDecoder<R> decoder,
            Select select,
            List<String> entryKeyAttributes,
            boolean decoderMaySkip,
            GatherOptions gather) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.asyncBackend = asyncBackend;
        this.db = db;
        this.table = Objects.requireNonNull(table, "table");
        this.indexName = indexName;
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.select = select;
        this.entryKeyAttributes = List.copyOf(entryKeyAttributes);
        this.sortKeyAttributes = IndexKeys.sortKeyAttributes(table, indexName);
        this.decoderMaySkip = decoderMaySkip;
        this.gather = Objects.requireNonNull(gather, "gather");
    }

    /**
     * A spec for any table and decoder: {@code select} null for DynamoDB's default; {@code decoderMaySkip}
     * when {@code decoder} may return null (then {@code count()} decodes instead of using Select COUNT).
     */
    public static <R> QuerySpec<R> of(
            Backend backend,
            TableDefinition table,
            String indexName,
            ItemDecoder<R> decoder,
            Select select,
            boolean decoderMaySkip) {
        return of(backend, table, indexName, decoder, select, decoderMaySkip, GatherOptions.defaults());
    }

    /**
     * {@link #of(Backend, TableDefinition, String, ItemDecoder, Select, boolean)} gathering shards with
     * {@code gather}. Asynchronous terminals use the asynchronous request path of the database whose
     * {@link Partita#requests()} {@code backend} is (else {@code backend}, completing directly).
     */
    public static <R> QuerySpec<R> of(
            Backend backend,
            TableDefinition table,
            String indexName,
            ItemDecoder<R> decoder,
            Select select,
            boolean decoderMaySkip,
            GatherOptions gather) {
        return create(backend, null, null, table, indexName, decoder, select, decoderMaySkip, gather);
    }

    /** A spec whose asynchronous terminals send to {@code asyncBackend}. */
    public static <R> QuerySpec<R> of(
            Backend backend,
            AsyncBackend asyncBackend,
            TableDefinition table,
            String indexName,
            ItemDecoder<R> decoder,
            Select select,
            boolean decoderMaySkip,
            GatherOptions gather) {
        return create(
                backend,
                Objects.requireNonNull(asyncBackend, "asyncBackend"),
                null,
                table,
                indexName,
                decoder,
                select,
                decoderMaySkip,
                gather);
    }

    /**
     * A spec on {@code db}'s blocking request path ({@code backend}, {@code db.requests()} or a layer over it) whose
     * asynchronous terminals send to {@link Partita#asyncRequests()}, asked for on the first asynchronous terminal
     * rather than now: a repository's blocking queries never build the asynchronous path.
     */
    public static <R> QuerySpec<R> of(
            Backend backend,
            Partita db,
            TableDefinition table,
            String indexName,
            ItemDecoder<R> decoder,
            Select select,
            boolean decoderMaySkip,
            GatherOptions gather) {
        return create(
                backend,
                null,
                Objects.requireNonNull(db, "db"),
                table,
                indexName,
                decoder,
                select,
                decoderMaySkip,
                gather);
    }

    private static <R> QuerySpec<R> create(
            Backend backend,
            AsyncBackend asyncBackend,
            Partita db,
            TableDefinition table,
            String indexName,
            ItemDecoder<R> decoder,
            Select select,
            boolean decoderMaySkip,
            GatherOptions gather) {
        List<String> keys = new java.util.ArrayList<>(IndexKeys.indexKeyAttributes(table, indexName));
        for (String k : IndexKeys.indexKeyAttributes(table, null)) {
            if (!keys.contains(k)) {
                keys.add(k);
            }
        }
        return new QuerySpec<>(
                backend, asyncBackend, db, table, indexName, decoder, select, keys, decoderMaySkip, gather);
    }

    public Backend backend() {
        return backend;
    }

    /**
     * Where asynchronous terminals send their requests: the one the spec was built with, else (resolved on the first
     * call) the database's {@link Partita#asyncRequests()}, or for a spec built from a {@code Backend} alone that of
     * the database whose {@link Partita#requests()} it is ({@link Partita#asyncRequestsOf}).
     */
    public AsyncBackend asyncBackend() {
        AsyncBackend async = asyncBackend;
        if (async == null) {
            async = db != null ? db.asyncRequests() : Partita.asyncRequestsOf(backend);
            asyncBackend = async;
        }
        return async;
    }

    /** True once {@link #asyncBackend()} is known (given, or asked for): for tests of the lazy resolution. */
    public boolean asyncBackendResolved() {
        return asyncBackend != null;
    }

    public TableDefinition table() {
        return table;
    }

    public String tableName() {
        return table.name();
    }

    /** The queried index; null for the base table. */
    public @Nullable String indexName() {
        return indexName;
    }

    public ItemDecoder<R> decoder() {
        return decoder;
    }

    /** The Select sent; null leaves DynamoDB's default. */
    public Select select() {
        return select;
    }

    /** The attributes that identify one entry of the queried index: its key, then the table key. */
    public List<String> entryKeyAttributes() {
        return entryKeyAttributes;
    }

    /** The queried index's sort key attributes, in order (empty when it has none). */
    public List<String> sortKeyAttributes() {
        return sortKeyAttributes;
    }

    /** How gather queries on this spec read their shards (executor, concurrency). */
    public GatherOptions gather() {
        return gather;
    }

    /**
     * The query engine's cache on this spec (the key conditions it rendered for the query shapes seen here), opaque
     * to the spec; empty until the engine first stores one.
     */
    public Object[] engineCache() {
        return engineCache;
    }

    /** Replaces {@link #engineCache()} (copy on write: the engine stores a new array; a race loses one entry). */
    public void engineCache(Object[] cache) {
        this.engineCache = Objects.requireNonNull(cache, "cache");
    }

    /** True when the decoder may return null for an item (shared tables). */
    public boolean decoderMaySkip() {
        return decoderMaySkip;
    }
}
