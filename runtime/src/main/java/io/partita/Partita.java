package io.partita;

import io.partita.internal.RuntimeMessage;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Backend;
import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.schema.TableDefinition;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The entry point: one database (a backend) that repositories are opened on.
 *
 * <pre>{@code
 * try (Partita db = Partita.inMemory()) {
 *     GameScoreRepository scores = GameScoreRepository.of(db);   // creates the table if missing
 *     scores.put(score);
 *     db.transact(tx -> tx.put(scores, other).delete(scores.key("u2", "Galaxy Invaders")));
 * }
 * }</pre>
 *
 * Thread-safe; repositories opened on it are too. Closing it closes the backend.
 */
public final class Partita implements AutoCloseable {
    /** DynamoDB's limit on keys per BatchGetItem request. */
    public static final int MAX_KEYS_PER_BATCH_GET = 100;

    final Backend raw;
    private final Backend backend;
    /** Built on first use ({@link #asyncRequests()}, by {@link AsyncPath}) from the five fields after it. */
    private volatile AsyncBackend asyncBackend;

    final AsyncBackend givenAsyncBackend;
    final Executor asyncExecutor;
    final ObservingBackend.Retries retries; // null: neither retrying nor observing
    final CurrentRetryPolicy retryLayerPolicy; // null: no retrying layer
    final ObservingBackend.Observer observer; // null: no observing layer
    /** Guards the defaults created on first use (the asynchronous path, the retry policy). */
    private final Object lazyLock = new Object();

    /** null: names are used as they are, without loading the resolver classes on the cold-start path. */
    final TableNameResolver tableNames;

    private final boolean createTablesOnOpen;
    private final boolean retriesThrottles;
    private final boolean reusesDecodedEntities;
    private final TableCreation tableCreation;
    private volatile RetryPolicy retryPolicy; // null until retryPolicy() creates the default
    private volatile GatherOptions gatherOptions;
    /** True while this database counts among the shared gather pool's users ({@link GatherOptions#joinSharedPool}). */
    private volatile boolean joinedGatherPool;
    /** Guarded by {@link #lazyLock}: a closed database no longer joins the shared gather pool. */
    private boolean closed;

    private final Clock clock;

    private Partita(Backend backend) {
        this(new Builder(backend));
    }

    private Partita(Builder b) {
        this.raw = Objects.requireNonNull(b.backend, "backend");
        this.tableNames = b.tableNames == null || b.tableNames == TableNameResolver.identity() ? null : b.tableNames;
        this.createTablesOnOpen = b.createTablesOnOpen;
        this.retriesThrottles = b.retryThrottles;
        this.reusesDecodedEntities = b.reuseDecodedEntities;
        this.retryPolicy = b.retryPolicy;
        this.gatherOptions = b.gatherOptions;
        this.clock = b.clock;
        RequestLayers layers = new RequestLayers(this, b);
        this.backend = layers.requests;
        this.tableCreation = new TableCreation(this);
        this.givenAsyncBackend = b.asyncBackend;
        this.asyncExecutor = b.asyncExecutor;
        this.retries = layers.retries;
        this.retryLayerPolicy = layers.policy;
        this.observer = layers.observer;
        RequestLayers.register(layers.requests, this);
    }

    /**
     * The asynchronous request path of the database whose {@link #requests()} is {@code requests}; for any other
     * backend, {@code requests} itself completing directly ({@link AsyncBackend#of(Backend)}).
     */
    public static AsyncBackend asyncRequestsOf(Backend requests) {
        Partita db = RequestLayers.databaseOf(requests);
        return db != null ? db.asyncRequests() : AsyncBackend.of(requests);
    }

    /**
     * Configures a database on {@code backend}: table names, whether repositories create their tables when opened,
     * whether Partita retries throttled requests itself. {@code PartitaDynamoDb.builder(client)} starts from the
     * settings right for DynamoDB.
     */
    public static Builder builder(Backend backend) {
        return new Builder(backend);
    }

    /** A database on a new in-memory instance of the bundled storage core, with default options. */
    public static Partita inMemory() {
        return inMemory(StorageOptions.defaults());
    }

    /** A database on a new in-memory instance of the bundled storage core. */
    public static Partita inMemory(StorageOptions options) {
        // without a throughput model the core never throttles: the builder leaves the retrying layer out
        return builder(Storage.inMemory(options)).clock(options.clock()).build();
    }

    /**
     * A durable database kept in {@code directory} (created when missing; an existing one is opened and
     * recovered): the bundled storage core on disk, with default options. An acknowledged write survives a
     * crash of the process; see {@link DurableOptions} and {@link io.partita.storage.Durability} for the
     * levels, and the README's "Durable mode". One process at a time opens a directory.
     */
    public static Partita open(Path directory) {
        return open(directory, DurableOptions.defaults());
    }

    /** A durable database kept in {@code directory}, with the given options (durability level, cache, core options). */
    public static Partita open(Path directory, DurableOptions options) {
        return builder(Storage.open(directory, options))
                .clock(options.storage().clock())
                .build();
    }

    /**
     * Writes a consistent copy of a durable database to {@code target} (a new directory) while writes
     * continue; {@link #open(Path)} on the copy is the restore. Only for databases on a durable core.
     */
    public void backup(Path target) {
        if (raw instanceof DurableStorage d) {
            d.backup(target);
            return;
        }
        throw RuntimeMessage.BackupNeedsDurable.unsupported(raw);
    }

    /**
     * A database on any backend: a {@link Storage} core (handed over as it is), the DynamoDB module's backend,
     * or a decorator of either.
     */
    public static Partita using(Backend backend) {
        return new Partita(backend);
    }

    /** The backend requests go to (without retries: see {@link #requests()}). */
    public Backend backend() {
        return raw;
    }

    /**
     * The backend as repositories, transactions and batches call it: throttled requests are retried under
     * {@link #retryPolicy()}.
     */
    public Backend requests() {
        return backend;
    }

    /**
     * The asynchronous request path, with the same layers as {@link #requests()} (table names, listener,
     * throttling retries that wait on a delayed executor instead of a sleeping thread) over the database's
     * {@link AsyncBackend}: the one given to {@link Builder#asyncBackend} ({@code DynamoDbAsyncClient} on
     * DynamoDB), else the blocking backend completing directly or on {@link Builder#asyncExecutor}.
     */
    public AsyncBackend asyncRequests() {
        AsyncBackend async = asyncBackend;
        if (async == null) {
            synchronized (lazyLock) {
                async = asyncBackend;
                if (async == null) {
                    async = AsyncPath.build(this);
                    asyncBackend = async;
                }
            }
        }
        return async;
    }

    /** How throttled requests are retried (default {@link RetryPolicy#defaults()}). */
    public RetryPolicy retryPolicy() {
        RetryPolicy policy = retryPolicy;
        if (policy == null) {
            // the default is created when first asked for (the first retry, batch or call here), not at build time
            synchronized (lazyLock) {
                policy = retryPolicy;
                if (policy == null) {
                    policy = RetryPolicy.defaults();
                    retryPolicy = policy;
                }
            }
        }
        return policy;
    }

    /** Sets how throttled requests are retried, from now on; returns this database. */
    public Partita retryPolicy(RetryPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        synchronized (lazyLock) { // not overwritten by a default being created at the same time
            this.retryPolicy = policy;
        }
        return this;
    }

    /** How gather queries read their shards (default {@link GatherOptions#defaults()}). */
    public GatherOptions gatherOptions() {
        GatherOptions options = gatherOptions;
        if (options != null) {
            return options;
        }
        // the default is resolved here, not when the database is built: it loads the shared gather pool's classes,
        // which a database that never gathers should not pay for at start
        joinSharedGatherPool();
        return GatherOptions.defaults();
    }

    /** Sets how gather queries read their shards, for queries started from now on; returns this database. */
    public Partita gatherOptions(GatherOptions options) {
        this.gatherOptions = Objects.requireNonNull(options, "options");
        if (options.executor() == GatherOptions.sharedExecutor()) {
            joinSharedGatherPool();
        }
        return this;
    }

    /** Counts this database among the shared gather pool's users (once), so {@link #close()} can let it go. */
    private void joinSharedGatherPool() {
        if (!joinedGatherPool) {
            synchronized (lazyLock) {
                if (!joinedGatherPool && !closed) {
                    GatherOptions.joinSharedPool();
                    joinedGatherPool = true;
                }
            }
        }
    }

    /** How logical table names become deployed ones (default {@link TableNameResolver#identity()}). */
    public TableNameResolver tableNames() {
        return tableNames == null ? TableNameResolver.identity() : tableNames;
    }

    /** The deployed name of the table with logical name {@code logicalName}. */
    public String tableName(String logicalName) {
        return tableNames == null ? logicalName : tableNames.resolve(logicalName);
    }

    /** True when repositories create their table when opened (the embedded core's default; off on DynamoDB). */
    public boolean createsTablesOnOpen() {
        return createTablesOnOpen;
    }

    /**
     * True when Partita itself retries throttled requests under {@link #retryPolicy()} (the embedded core's
     * throughput model). On DynamoDB the SDK client's retry strategy is the only retry layer, and Partita retries
     * only what the SDK cannot: unprocessed items and keys of batches.
     */
    public boolean retriesThrottles() {
        return retriesThrottles;
    }

    /**
     * Whether repositories keep the entities they decode with the stored items of the embedded core and hand the
     * same instance out again ({@link Builder#reuseDecodedEntities}; default true).
     */
    public boolean reusesDecodedEntities() {
        return reusesDecodedEntities;
    }

    /**
     * Explicit table lifecycle and the design check, on the deployed (resolved) names: create, create if missing,
     * delete, compare with the compiled design.
     */
    public Tables tables() {
        return new Tables(this);
    }

    /**
     * What a repository calls when it is opened. On a database that {@link #createsTablesOnOpen() creates tables
     * on open} (the embedded core) it creates the table unless it exists ({@link TableCreation}), once per table;
     * otherwise (DynamoDB) it sends nothing: tables are created explicitly ({@link #tables()}), and a missing table
     * shows as {@code ResourceNotFoundException} on the first request.
     */
    public void createTableIfMissing(TableDefinition definition) {
        if (createTablesOnOpen) {
            tableCreation.createIfMissing(definition);
        }
    }

    /** Forgets that a table exists (it was deleted), so the next repository opened on it creates it again. */
    void forgetTable(String logicalName) {
        tableCreation.forget(logicalName);
    }

    // ---- transactions --------------------------------------------------------------------------------

    /** Runs {@code actions} against a new transaction and commits it; returns what it consumed, if asked for. */
    public Consumed transact(Consumer<Transaction> actions) {
        Transaction tx = new Transaction(this);
        actions.accept(tx);
        return tx.commit();
    }

    /** A new, empty transaction; add actions, then {@link Transaction#commit()}. */
    public Transaction transaction() {
        return new Transaction(this);
    }

    /** {@link #transact(Consumer)} without blocking: the future completes when the transaction has. */
    public CompletableFuture<Consumed> transactAsync(Consumer<Transaction> actions) {
        Transaction tx = new Transaction(this);
        actions.accept(tx);
        return tx.commitAsync();
    }

    /** Reads up to 100 items from one consistent snapshot (TransactGetItems). */
    public ItemsByKey transactGet(Key<?>... keys) {
        return transactGet(Arrays.asList(keys));
    }

    /** Reads up to 100 items from one consistent snapshot (TransactGetItems). */
    public ItemsByKey transactGet(Collection<? extends Key<?>> keys) {
        return transactGet(keys, ReturnConsumedCapacity.NONE);
    }

    /** {@link #transactGet(Collection)} asking for consumed capacity, read on {@link ItemsByKey#consumed()}. */
    public ItemsByKey transactGet(Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity) {
        TransactRead read = new TransactRead(keys, capacity);
        return read.request == null ? read.result(null) : read.result(backend.transactGetItems(read.request));
    }

    /** {@link #transactGet(Collection)} without blocking. */
    public CompletableFuture<ItemsByKey> transactGetAsync(Collection<? extends Key<?>> keys) {
        return transactGetAsync(keys, ReturnConsumedCapacity.NONE);
    }

    /** {@link #transactGet(Collection, ReturnConsumedCapacity)} without blocking. */
    public CompletableFuture<ItemsByKey> transactGetAsync(
            Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity) {
        return TransactRead.sendAsync(this, keys, capacity);
    }

    // ---- batches -------------------------------------------------------------------------------------

    /** Queues writes with {@code writes} and sends them (see {@link BatchWrite}). */
    public Consumed batchWrite(Consumer<BatchWrite> writes) {
        BatchWrite batch = new BatchWrite(this);
        writes.accept(batch);
        return batch.execute();
    }

    /** {@link #batchWrite(Consumer)} without blocking. */
    public CompletableFuture<Consumed> batchWriteAsync(Consumer<BatchWrite> writes) {
        BatchWrite batch = new BatchWrite(this);
        writes.accept(batch);
        return batch.executeAsync();
    }

    /** A new, empty batch of writes; add writes, then {@link BatchWrite#execute()}. */
    public BatchWrite batchWrite() {
        return new BatchWrite(this);
    }

    /**
     * Reads any number of items by key (BatchGetItem, 100 keys per request, eventually consistent),
     * retrying keys the backend returns as unprocessed. Duplicate keys are read once.
     */
    public ItemsByKey batchGet(Key<?>... keys) {
        return batchGet(Arrays.asList(keys));
    }

    /** See {@link #batchGet(Key[])}. */
    public ItemsByKey batchGet(Collection<? extends Key<?>> keys) {
        return batchGet(keys, ReturnConsumedCapacity.NONE);
    }

    /**
     * {@link #batchGet(Key[])} asking for consumed capacity, read on {@link ItemsByKey#consumed()} (every
     * request summed, resends of unprocessed keys included).
     */
    public ItemsByKey batchGet(Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity) {
        return BatchRead.send(backend, keys, capacity, retryPolicy());
    }

    /** {@link #batchGet(Collection)} without blocking (resends of unprocessed keys wait on a delayed executor). */
    public CompletableFuture<ItemsByKey> batchGetAsync(Collection<? extends Key<?>> keys) {
        return batchGetAsync(keys, ReturnConsumedCapacity.NONE);
    }

    /** {@link #batchGet(Collection, ReturnConsumedCapacity)} without blocking. */
    public CompletableFuture<ItemsByKey> batchGetAsync(
            Collection<? extends Key<?>> keys, ReturnConsumedCapacity capacity) {
        return BatchRead.sendAsync(this, keys, capacity, retryPolicy());
    }

    /**
     * The clock of {@code @CreatedAt} / {@code @UpdatedAt}: {@link Builder#clock}, the core's
     * {@link StorageOptions#clock()} for {@link #inMemory(StorageOptions)} and {@link #open(Path, DurableOptions)},
     * otherwise the system clock (UTC).
     */
    public Clock clock() {
        return clock;
    }

    /** Closes the backend (the embedded core's memory is released). */
    @Override
    public void close() {
        synchronized (lazyLock) {
            closed = true;
            if (joinedGatherPool) {
                joinedGatherPool = false;
                GatherOptions.leaveSharedPool(); // the last database leaving shuts the pool's threads down
            }
        }
        raw.close();
    }

    /** Configures a {@link Partita}; see {@link Partita#builder(Backend)}. */
    public static final class Builder {
        final Backend backend;
        private TableNameResolver tableNames; // null: identity (its classes stay unloaded on a cold start)
        private boolean createTablesOnOpen = true;
        boolean retryThrottles = true;
        private boolean reuseDecodedEntities = true;
        private RetryPolicy retryPolicy; // null: RetryPolicy.defaults(), created when the database first needs it
        final boolean neverThrottles; // the backend is a core without a throughput model
        private GatherOptions gatherOptions; // null: GatherOptions.defaults(), resolved on the first gather
        RequestListener listener;
        ReturnConsumedCapacity consumedCapacity = ReturnConsumedCapacity.NONE;
        Duration slowRequestThreshold;
        private Clock clock = Clock.systemUTC();
        private AsyncBackend asyncBackend;
        private Executor asyncExecutor;

        private Builder(Backend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
            // a core built without a throughput model never throttles: no retrying layer (as inMemory())
            this.neverThrottles = backend instanceof Storage core && !core.mayThrottle();
        }

        /** How logical table names become deployed ones (default: unchanged). */
        public Builder tableNames(TableNameResolver resolver) {
            this.tableNames = Objects.requireNonNull(resolver, "resolver");
            return this;
        }

        /**
         * Whether a repository creates its table when opened (default true: tests on the embedded core stay
         * one-liners). {@code PartitaDynamoDb.builder} turns it off: on DynamoDB tables are created explicitly.
         */
        public Builder createTablesOnOpen(boolean create) {
            this.createTablesOnOpen = create;
            return this;
        }

        /**
         * Whether Partita retries throttled requests itself under the retry policy (default true, for the
         * embedded core's throughput model). Off on DynamoDB, whose SDK client retries them already.
         */
        public Builder retryThrottles(boolean retry) {
            this.retryThrottles = retry;
            return this;
        }

        /**
         * Whether repositories reuse the entities they decode from the embedded core's stored items (default true).
         * A stored item never changes (a write stores a new one), so an entity decoded from it can be kept with it and
         * returned again by the next get or query that reads the same item, instead of being decoded anew: a repeated
         * read then costs about what the core's own request costs. Only entities the processor found deeply immutable
         * take part (records whose components are all strings, primitives and their boxes, enums, {@code java.time}
         * values, {@code BigDecimal}, {@code BigInteger}, {@code UUID} or such records, without converters); others
         * are decoded on every read. What it costs: each stored item that was read keeps its entity (the record and
         * the values it does not share with the item, typically 50–150 bytes) until the item is overwritten or
         * deleted; and two reads of an unchanged item may return the same instance, so compare entities with
         * {@code equals}, never with {@code ==} or by identity (locks, identity maps). Items of other backends
         * (DynamoDB) are decoded every time either way.
         */
        public Builder reuseDecodedEntities(boolean reuse) {
            this.reuseDecodedEntities = reuse;
            return this;
        }

        /** The retry policy (throttles when {@link #retryThrottles} is on; unprocessed batch items always). */
        public Builder retryPolicy(RetryPolicy policy) {
            this.retryPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How gather queries read their shards. */
        public Builder gatherOptions(GatherOptions options) {
            this.gatherOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * Receives every request the database sends (operation, table, index, consumed capacity, latency,
         * attempts, throttles, item count); several listeners combine with {@link RequestListener#both}.
         */
        public Builder listener(RequestListener listener) {
            this.listener = listener == null
                    ? null
                    : this.listener == null ? listener : RequestListener.both(this.listener, listener);
            return this;
        }

        /**
         * Asks the backend for consumed capacity on every request ({@code TOTAL}, or {@code INDEXES} for the
         * table's and each index's share), reported to the {@link #listener}. Default {@code NONE}.
         */
        public Builder consumedCapacity(ReturnConsumedCapacity level) {
            this.consumedCapacity = Objects.requireNonNull(level, "level");
            return this;
        }

        /**
         * Logs requests slower than {@code threshold} (retries included) at {@code WARNING} on the
         * {@code System.Logger} {@code io.partita.requests}. Off by default.
         */
        public Builder slowRequestThreshold(Duration threshold) {
            this.slowRequestThreshold = threshold;
            return this;
        }

        /**
         * The clock repositories read "now" from for {@code @CreatedAt} and {@code @UpdatedAt} fields (default: the
         * system clock, UTC). Tests pass a fixed or a settable clock.
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * The backend the asynchronous API sends to, when it has one that does not block (DynamoDB's
         * {@code DynamoDbAsyncClient}; {@code PartitaDynamoDb.builder(DynamoDbAsyncClient)} sets it). It must serve
         * the same tables as the blocking backend. Default: the blocking backend, adapted ({@link #asyncExecutor}).
         */
        public Builder asyncBackend(AsyncBackend backend) {
            this.asyncBackend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /**
         * Without an {@link #asyncBackend}, asynchronous operations run the blocking backend on {@code executor}
         * (default: on the calling thread, completing directly — right for the in-memory core, which does not wait
         * on I/O; give an executor for a durable core or when callers must never run a request themselves).
         */
        public Builder asyncExecutor(Executor executor) {
            this.asyncExecutor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        public Partita build() {
            return new Partita(this);
        }
    }
}
