package io.partita;

import io.partita.internal.Message;
import io.partita.spi.RetryingBackend;
import io.partita.spi.TableNamingBackend;
import io.partita.storage.Backend;
import io.partita.storage.DurableOptions;
import io.partita.storage.DurableStorage;
import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import io.partita.storage.ValidationException;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.KeysAndAttributes;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TimeToLiveStatus;
import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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

    private final Backend raw;
    private final Backend backend;
    private final TableNameResolver tableNames;
    private final boolean createTablesOnOpen;
    private final boolean retriesThrottles;
    private final Set<String> knownTables = ConcurrentHashMap.newKeySet();
    private volatile RetryPolicy retryPolicy;
    private volatile GatherOptions gatherOptions;

    private Partita(Backend backend) {
        this(new Builder(backend));
    }

    private Partita(Builder b) {
        this.raw = Objects.requireNonNull(b.backend, "backend");
        this.tableNames = b.tableNames;
        this.createTablesOnOpen = b.createTablesOnOpen;
        this.retriesThrottles = b.retryThrottles;
        this.retryPolicy = b.retryPolicy;
        this.gatherOptions = b.gatherOptions;
        Backend requests = raw;
        boolean observing = b.listener != null
                || b.consumedCapacity != ReturnConsumedCapacity.NONE
                || b.slowRequestThreshold != null;
        ObservingBackend.Retries retries = new ObservingBackend.Retries();
        if (b.retryThrottles) {
            requests = new RetryingBackend(requests, () -> retryPolicy, retries); // counts and logs retries
        }
        if (observing) {
            requests = new ObservingBackend(requests, retries, b.listener, b.consumedCapacity, b.slowRequestThreshold);
        }
        if (tableNames != TableNameResolver.identity()) {
            requests = new TableNamingBackend(requests, tableNames::resolve);
        }
        this.backend = requests;
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
        return new Partita(Storage.inMemory(options));
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
        return new Partita(Storage.open(directory, options));
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
        throw new UnsupportedOperationException(Message.BackupNeedsDurable.format(raw));
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

    /** How throttled requests are retried (default {@link RetryPolicy#defaults()}). */
    public RetryPolicy retryPolicy() {
        return retryPolicy;
    }

    /** Sets how throttled requests are retried, from now on; returns this database. */
    public Partita retryPolicy(RetryPolicy policy) {
        this.retryPolicy = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /** How gather queries read their shards (default {@link GatherOptions#defaults()}). */
    public GatherOptions gatherOptions() {
        return gatherOptions;
    }

    /** Sets how gather queries read their shards, for queries started from now on; returns this database. */
    public Partita gatherOptions(GatherOptions options) {
        this.gatherOptions = Objects.requireNonNull(options, "options");
        return this;
    }

    /** How logical table names become deployed ones (default {@link TableNameResolver#identity()}). */
    public TableNameResolver tableNames() {
        return tableNames;
    }

    /** The deployed name of the table with logical name {@code logicalName}. */
    public String tableName(String logicalName) {
        return tableNames.resolve(logicalName);
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
     * Explicit table lifecycle and the design check, on the deployed (resolved) names: create, create if missing,
     * delete, compare with the compiled design.
     */
    public Tables tables() {
        return new Tables(this);
    }

    /**
     * What a repository calls when it is opened. On a database that {@link #createsTablesOnOpen() creates tables
     * on open} (the embedded core) it creates the table unless it exists: describe, then create (with time to live
     * enabled when the definition has a TTL attribute, also on an existing table where it is disabled); a concurrent
     * creator's {@link ResourceInUseException} counts as success, and the answer is remembered per table, so only
     * the first repository opened on a table pays for it. Otherwise (DynamoDB) it sends nothing: tables are
     * created explicitly ({@link #tables()}), and a missing table shows as {@code ResourceNotFoundException} on
     * the first request.
     */
    public void createTableIfMissing(TableDefinition definition) {
        if (!createTablesOnOpen) {
            return;
        }
        String name = definition.name();
        if (knownTables.contains(name)) {
            return;
        }
        try {
            backend.describeTable(name);
            definition.timeToLive().ifPresent(attribute -> enableTimeToLiveIfDisabled(name, attribute));
        } catch (ResourceNotFoundException missing) {
            try {
                backend.createTable(definition); // enables time to live when the definition has a TTL attribute
            } catch (ResourceInUseException createdMeanwhile) {
                // someone else created it between our describe and create: fine
            }
        }
        knownTables.add(name);
    }

    /**
     * A table that exists from before its entity had {@code @Ttl} (a durable store, say) gets time to live enabled
     * too; one enabled on another attribute is left alone ({@code tables().check} reports it).
     */
    private void enableTimeToLiveIfDisabled(String name, String attribute) {
        TimeToLiveDescription ttl = backend.describeTimeToLive(name);
        if (ttl.status() == TimeToLiveStatus.DISABLED) {
            try {
                backend.updateTimeToLive(name, TimeToLiveSpecification.enable(attribute));
            } catch (ValidationException enabledMeanwhile) {
                // another repository opened on the table enabled it first
            }
        }
    }

    /** Forgets that a table exists (it was deleted), so the next repository opened on it creates it again. */
    void forgetTable(String logicalName) {
        knownTables.remove(logicalName);
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

    /** Reads up to 100 items from one consistent snapshot (TransactGetItems). */
    public ItemsByKey transactGet(Key<?>... keys) {
        return transactGet(Arrays.asList(keys));
    }

    /** Reads up to 100 items from one consistent snapshot (TransactGetItems). */
    public ItemsByKey transactGet(Collection<? extends Key<?>> keys) {
        List<Key<?>> distinct = new ArrayList<>(new LinkedHashSet<>(keys));
        if (distinct.size() > Transaction.MAX_ACTIONS) {
            throw new IllegalArgumentException(
                    Message.TransactGetTooManyKeys.format(Transaction.MAX_ACTIONS, distinct.size()));
        }
        Map<Key<?>, Map<String, AttributeValue>> found = new LinkedHashMap<>();
        if (distinct.isEmpty()) {
            return new ItemsByKey(found);
        }
        List<TransactGetItem> gets = new ArrayList<>(distinct.size());
        for (Key<?> key : distinct) {
            gets.add(TransactGetItem.of(key.tableName(), key.attributes()));
        }
        TransactGetItemsResponse response = backend.transactGetItems(
                TransactGetItemsRequest.builder().transactItems(gets).build());
        for (int i = 0; i < distinct.size(); i++) {
            Map<String, AttributeValue> item = response.responses().get(i);
            if (item != null) {
                found.put(distinct.get(i), item);
            }
        }
        return new ItemsByKey(found);
    }

    // ---- batches -------------------------------------------------------------------------------------

    /** Queues writes with {@code writes} and sends them (see {@link BatchWrite}). */
    public Consumed batchWrite(Consumer<BatchWrite> writes) {
        BatchWrite batch = new BatchWrite(this);
        writes.accept(batch);
        return batch.execute();
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
        List<Key<?>> distinct = new ArrayList<>(new LinkedHashSet<>(keys));
        Map<Key<?>, Map<String, AttributeValue>> found = new HashMap<>();
        for (int from = 0; from < distinct.size(); from += MAX_KEYS_PER_BATCH_GET) {
            List<Key<?>> chunk = distinct.subList(from, Math.min(distinct.size(), from + MAX_KEYS_PER_BATCH_GET));
            Map<String, List<Key<?>>> byTable = new LinkedHashMap<>();
            for (Key<?> key : chunk) {
                byTable.computeIfAbsent(key.tableName(), t -> new ArrayList<>()).add(key);
            }
            Map<String, KeysAndAttributes> pending = new LinkedHashMap<>();
            byTable.forEach((table, tableKeys) -> pending.put(
                    table,
                    KeysAndAttributes.builder()
                            .keys(tableKeys.stream().map(Key::attributes).toList())
                            .build()));
            Map<String, KeysAndAttributes> request = pending;
            for (int attempt = 1; !request.isEmpty(); attempt++) {
                BatchGetItemResponse response = backend.batchGetItem(
                        BatchGetItemRequest.builder().requestItems(request).build());
                response.responses().forEach((table, items) -> {
                    List<Key<?>> tableKeys = byTable.get(table);
                    Set<String> keyNames = tableKeys.get(0).attributes().keySet();
                    Map<Map<String, AttributeValue>, Key<?>> keyByAttributes = new HashMap<>();
                    for (Key<?> k : tableKeys) {
                        keyByAttributes.put(k.attributes(), k);
                    }
                    for (Map<String, AttributeValue> item : items) {
                        Map<String, AttributeValue> keyOfItem = new HashMap<>();
                        for (String n : keyNames) {
                            keyOfItem.put(n, item.get(n));
                        }
                        Key<?> key = keyByAttributes.get(keyOfItem);
                        if (key != null) {
                            found.put(key, item);
                        }
                    }
                });
                request = response.unprocessedKeys();
                if (!request.isEmpty()) {
                    RetryPolicy policy = retryPolicy;
                    if (attempt >= policy.maxAttempts()) {
                        throw new IllegalStateException(Message.KeysStillUnprocessed.format(
                                request.values().stream()
                                        .mapToInt(k -> k.keys().size())
                                        .sum(),
                                attempt));
                    }
                    policy.pause(attempt - 1);
                }
            }
        }
        return new ItemsByKey(found);
    }

    /** Closes the backend (the embedded core's memory is released). */
    @Override
    public void close() {
        raw.close();
    }

    /** Configures a {@link Partita}; see {@link Partita#builder(Backend)}. */
    public static final class Builder {
        private final Backend backend;
        private TableNameResolver tableNames = TableNameResolver.identity();
        private boolean createTablesOnOpen = true;
        private boolean retryThrottles = true;
        private RetryPolicy retryPolicy = RetryPolicy.defaults();
        private GatherOptions gatherOptions = GatherOptions.defaults();
        private RequestListener listener;
        private ReturnConsumedCapacity consumedCapacity = ReturnConsumedCapacity.NONE;
        private Duration slowRequestThreshold;

        private Builder(Backend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
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

        public Partita build() {
            return new Partita(this);
        }
    }
}
