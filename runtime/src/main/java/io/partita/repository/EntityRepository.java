package io.partita.repository;

import io.partita.Condition;
import io.partita.Consumed;
import io.partita.ExpressionBuilder;
import io.partita.Key;
import io.partita.Partita;
import io.partita.Repository;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.internal.RuntimeMessage;
import io.partita.mapping.ItemDecoder;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Backend;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The base class of every generated {@code <Entity>Repository}: puts, gets, deletes, partial updates and
 * conditional and versioned writes of one entity type, plus the hooks generated query methods use.
 *
 * <p>The generated subclass adds the typed surface: {@code of(Partita)}, {@code key(...)}, {@code get(...)},
 * {@code delete(...)} and {@code update(...)} taking the key parts in order, {@code query(...)} and one method
 * per index; it passes its {@link EntityMapping} to the constructor, which creates the table on the backend
 * when it is missing.
 *
 * <p>{@code @Version}: a put of an entity whose version is null or 0 requires that no item exists under its
 * key; any other version {@code v} requires the stored version to be {@code v}. Either way the item is
 * written with version {@code v + 1} and {@link #put} returns the entity as stored (with the new version).
 * A failed check is the core's {@link io.partita.storage.ConditionalCheckFailedException}.
 *
 * @param <T> the entity
 */
public abstract class EntityRepository<T> implements Repository<T> {
    private final Partita db;
    private final Backend backend;
    private final EntityMapping<T> mapping;
    private final String tableName;
    private final String versionAttribute;
    /** How gets and queries decode: the mapping, or its memoizing reader when the database reuses entities. */
    private final ItemDecoder<T> reader;
    /** The query specs generated subclasses ask for, built once per index. */
    private final QuerySpecCache<T> specs;

    /** Opens the repository, creating the table on {@code db}'s backend if it does not exist. */
    protected EntityRepository(Partita db, EntityMapping<T> mapping) {
        this.db = Objects.requireNonNull(db, "db");
        this.backend = db.requests();
        // the asynchronous path is asked for when first used (db.asyncRequests() builds it then), not here
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        this.tableName = mapping.table().name();
        this.versionAttribute = mapping.versionAttribute().orElse(null);
        this.reader = db.reusesDecodedEntities() ? mapping.memoizing() : mapping;
        this.specs = new QuerySpecCache<>(db, backend, mapping, reader);
        db.createTableIfMissing(mapping.table());
    }

    // ---- description -------------------------------------------------------------------------------------

    /** The table this repository writes to: key schema, attribute types, indexes, projections. */
    public final TableDefinition tableDefinition() {
        return mapping.table();
    }

    @Override
    public final String tableName() {
        return tableName;
    }

    /** How the entity maps to items. */
    public final EntityMapping<T> mapping() {
        return mapping;
    }

    /** True when the entity has a {@code @Version} field. */
    @Override
    public final boolean isVersioned() {
        return versionAttribute != null;
    }

    /** The table definition as DynamoDB CreateTable JSON (for {@code aws dynamodb create-table --cli-input-json}). */
    public final String createTableJson() {
        return CreateTableJson.print(mapping.table());
    }

    // ---- writes ------------------------------------------------------------------------------------------

    /**
     * Writes {@code entity}, replacing any item with its key (subject to the {@code @Version} check).
     *
     * @return the entity as stored: {@code entity} itself, or for a versioned entity, or one with
     *     {@code @CreatedAt}/{@code @UpdatedAt}/{@code @Counter} fields, a copy holding what was written
     * @throws io.partita.MissingIndexKeyException when a non-sparse index-key field is null (nothing written)
     */
    public final T put(T entity) {
        return put(entity, null);
    }

    /** Writes {@code entity} if {@code condition} holds for the stored item (and the version check passes). */
    public final T put(T entity, Condition condition) {
        PutItemRequest request = putRequest(entity, condition, Ask.NONE);
        backend.putItem(request);
        return stored(entity, request);
    }

    /** Deletes the item under {@code key}, if any. */
    public final void delete(Key<T> key) {
        delete(key, null);
    }

    /** Deletes the item under {@code key} if {@code condition} holds. */
    public final void delete(Key<T> key, Condition condition) {
        backend.deleteItem(deleteRequest(key, condition, Ask.NONE));
    }

    /** Deletes {@code entity}'s item; for a versioned entity only if the stored version is still the entity's. */
    public final void delete(T entity) {
        backend.deleteItem(deleteRequest(entity, Ask.NONE));
    }

    /** Starts a partial update of the item under {@code key} (see {@link Update}). */
    public final Update<T> update(Key<T> key) {
        requireOwnKey(key);
        return new Update<>(this, key);
    }

    // ---- reads -------------------------------------------------------------------------------------------

    /** The entity under {@code key} (eventually consistent read). */
    public final Optional<T> get(Key<T> key) {
        return get(key, false);
    }

    /** The entity under {@code key}; {@code consistentRead} sees every acknowledged write. */
    public final Optional<T> get(Key<T> key, boolean consistentRead) {
        return found(backend.getItem(getRequest(key, consistentRead, Ask.NONE)));
    }

    // ---- the other surfaces: asynchronous, and results with consumed capacity ------------------------------

    /**
     * This repository's operations without blocking a thread: the same puts (validation, {@code @Version}
     * checks), gets, deletes and updates by {@link Key}, each answered by a {@code CompletableFuture}. Keys come
     * from the generated {@code key(...)}; queries have their own asynchronous terminals ({@code listAsync()},
     * {@code pageAsync()}, {@code pages()} ...).
     */
    public final AsyncRepository<T> async() {
        return new AsyncRepository<>(this, Ask.NONE);
    }

    /**
     * This repository's single-item operations asking for the capacity they consume ({@code TOTAL}, or
     * {@code INDEXES} for the table's and each index's share): each returns a {@link io.partita.Result} holding
     * the plain operation's value and its {@link io.partita.Consumed}. Add
     * {@link MeasuredRepository#returnItemCollectionMetrics()} for writes' item-collection metrics.
     */
    public final MeasuredRepository<T> returnConsumedCapacity(ReturnConsumedCapacity level) {
        return new MeasuredRepository<>(this, new Ask(Objects.requireNonNull(level, "level"), false));
    }

    /** What a call asks for besides its result: consumed capacity, item-collection metrics. */
    record Ask(ReturnConsumedCapacity capacity, boolean itemCollectionMetrics) {
        static final Ask NONE = new Ask(ReturnConsumedCapacity.NONE, false);

        boolean any() {
            return capacity != ReturnConsumedCapacity.NONE || itemCollectionMetrics;
        }

        Consumed consumed(ConsumedCapacity c, ItemCollectionMetrics m) {
            return any() ? Consumed.of(c, m) : Consumed.NONE;
        }
    }

    // ---- prepare and complete: the steps every surface shares ------------------------------------------------

    /** The PutItem for {@code entity}: validated item, version check and increment, {@code condition}. */
    final PutItemRequest putRequest(T entity, Condition condition, Ask ask) {
        Map<String, AttributeValue> item = mappedItem(entity);
        String expression = null;
        Map<String, String> names = Map.of();
        Map<String, AttributeValue> values = Map.of();
        if (condition != null || versionAttribute != null) { // the common put has the item as mapped, no expression
            TransactWriteItem.Put put = preparedPut(item, condition);
            item = put.item();
            expression = put.conditionExpression();
            names = put.expressionAttributeNames();
            values = put.expressionAttributeValues();
        }
        return new PutItemRequest( // the record itself: no builder per put
                tableName,
                item,
                expression,
                names,
                values,
                ReturnValues.NONE,
                ask.capacity(),
                ask.itemCollectionMetrics(),
                false);
    }

    /** What {@link #put} returns once {@code request} succeeded. */
    final T stored(T entity, PutItemRequest request) {
        return versionAttribute == null && mapping.autoValues().isEmpty() ? entity : mapping.fromItem(request.item());
    }

    final DeleteItemRequest deleteRequest(Key<T> key, Condition condition, Ask ask) {
        requireOwnKey(key);
        ExpressionBuilder b = new ExpressionBuilder();
        String expression = condition == null ? null : condition.render(b);
        return DeleteItemRequest.builder()
                .tableName(tableName)
                .key(key.attributes())
                .conditionExpression(expression)
                .expressionAttributeNames(b.names())
                .expressionAttributeValues(b.values())
                .returnConsumedCapacity(ask.capacity())
                .returnItemCollectionMetrics(ask.itemCollectionMetrics())
                .build();
    }

    final DeleteItemRequest deleteRequest(T entity, Ask ask) {
        TransactWriteItem.Delete delete = prepareDelete(entity, null);
        return DeleteItemRequest.builder()
                .tableName(tableName)
                .key(delete.key())
                .conditionExpression(delete.conditionExpression())
                .expressionAttributeNames(delete.expressionAttributeNames())
                .expressionAttributeValues(delete.expressionAttributeValues())
                .returnConsumedCapacity(ask.capacity())
                .returnItemCollectionMetrics(ask.itemCollectionMetrics())
                .build();
    }

    final GetItemRequest getRequest(Key<T> key, boolean consistentRead, Ask ask) {
        requireOwnKey(key);
        return getRequest(key.attributes(), consistentRead, ask);
    }

    /** The request for this table's item under {@code key}, built as the record itself (no builder per get). */
    private GetItemRequest getRequest(Map<String, AttributeValue> key, boolean consistentRead, Ask ask) {
        return new GetItemRequest(tableName, key, consistentRead, null, Map.of(), ask.capacity());
    }

    /** What {@link #get} returns for {@code response}. */
    final Optional<T> found(GetItemResponse response) {
        Map<String, AttributeValue> item = response.item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        // an item with a memo is most likely answered by it: prefetching would load the memo's header just before the
        // reader does, for nothing; an item to decode has its values load together, not one by one as the decoder
        // reaches them
        if (item instanceof ItemMap stored && (reader == mapping || stored.memo() == null)) {
            stored.prefetch();
        }
        return Optional.ofNullable(reader.fromItem(item));
    }

    final AsyncBackend asyncBackend() {
        return db.asyncRequests();
    }

    /**
     * A parallel scan of the whole table over {@code totalSegments} segments (only this entity's items on a
     * shared table), read with the database's gather executor and concurrency; see {@link ParallelScan}.
     */
    public final ParallelScan<T> scanAll(int totalSegments) {
        Condition typeFilter = mapping.discriminatorAttribute()
                .map(a -> Condition.eq(
                        a, AttributeValue.s(mapping.discriminatorValue().orElseThrow())))
                .orElse(null);
        return new ParallelScan<>(backend, tableName, mapping, db.gatherOptions(), totalSegments, typeFilter);
    }

    /** {@link #scanAll(int)} reporting progress to {@code progress} after every page. */
    public final ParallelScan<T> scanAll(int totalSegments, java.util.function.Consumer<ScanProgress> progress) {
        return scanAll(totalSegments).onProgress(progress);
    }

    /** The key of {@code entity}'s item. */
    public final Key<T> keyOf(T entity) {
        return Key.of(tableName, mapping.keyOf(entity), mapping);
    }

    // ---- support for transactions and batches ----------------------------------------------------------

    /**
     * The put this repository would send for {@code entity}: validated item, version check and increment,
     * {@code condition} combined with the version check. Used by {@link io.partita.Transaction} and
     * {@link io.partita.BatchWrite}.
     */
    @Override
    public final TransactWriteItem.Put preparePut(T entity, Condition condition) {
        return preparedPut(mappedItem(entity), condition);
    }

    /** The item a put writes for {@code entity} before the version check: mapped, with its automatic values. */
    private Map<String, AttributeValue> mappedItem(T entity) {
        Map<String, AttributeValue> item = mapping.toItem(entity);
        if (!mapping.autoValues().isEmpty()) {
            item = mapping.autoValues().onPut(item, now()); // timestamps and counter starts
        }
        return item;
    }

    /** {@link #preparePut(Object, Condition)} from the {@link #mappedItem} of the entity. */
    private TransactWriteItem.Put preparedPut(Map<String, AttributeValue> mapped, Condition condition) {
        Map<String, AttributeValue> item = mapped;
        Condition check = condition;
        if (versionAttribute != null) {
            long current = storedVersion(item.get(versionAttribute));
            Condition versionCheck = current == 0
                    ? Condition.attributeNotExists(mapping.tableKeyAttributes().get(0))
                    : Condition.eq(versionAttribute, AttributeValue.n(current));
            check = Condition.both(versionCheck, condition);
            AttributeValue next = AttributeValue.n(current + 1);
            if (item instanceof ItemMap im) {
                item = im.with(versionAttribute, next); // items from generated schemas are immutable
            } else {
                item.put(versionAttribute, next);
            }
        }
        if (check == null) { // the common put: no expression, nothing to render
            return new TransactWriteItem.Put(tableName, item, null, Map.of(), Map.of(), false);
        }
        ExpressionBuilder b = new ExpressionBuilder();
        String expression = check.render(b);
        return new TransactWriteItem.Put(tableName, item, expression, b.names(), b.values(), false);
    }

    /** The delete this repository would send for {@code entity}: its key, with the version check if versioned. */
    @Override
    public final TransactWriteItem.Delete prepareDelete(T entity, Condition condition) {
        Map<String, AttributeValue> item = mapping.toItem(entity);
        Condition check = condition;
        if (versionAttribute != null) {
            long current = storedVersion(item.get(versionAttribute));
            check = Condition.both(
                    current == 0
                            ? Condition.attributeNotExists(
                                    mapping.tableKeyAttributes().get(0))
                            : Condition.eq(versionAttribute, AttributeValue.n(current)),
                    condition);
        }
        ExpressionBuilder b = new ExpressionBuilder();
        String expression = check == null ? null : check.render(b);
        return new TransactWriteItem.Delete(tableName, mapping.keyOf(item), expression, b.names(), b.values(), false);
    }

    // ---- for generated subclasses ------------------------------------------------------------------------

    /** The database this repository was opened on. */
    protected final Partita db() {
        return db;
    }

    /** A key of this table from its partition-key value (tables without a sort key). */
    protected final Key<T> keyOf(AttributeValue partitionKey) {
        return Key.of(tableName, keyAttributes(partitionKey), mapping);
    }

    /** A key of this table from its partition- and sort-key values. */
    protected final Key<T> keyOf(AttributeValue partitionKey, AttributeValue sortKey) {
        return Key.of(tableName, keyAttributes(partitionKey, sortKey), mapping);
    }

    /**
     * {@code get(keyOf(partitionKey))} without building the {@link Key}: what a generated {@code get(...)} calls (a key
     * made here is always this table's, so there is nothing to check that {@link #get(Key)} checks).
     */
    protected final Optional<T> getByKey(AttributeValue partitionKey) {
        return found(backend.getItem(getRequest(keyAttributes(partitionKey), false, Ask.NONE)));
    }

    /** {@code get(keyOf(partitionKey, sortKey))} without building the {@link Key} (see {@link #getByKey(AttributeValue)}). */
    protected final Optional<T> getByKey(AttributeValue partitionKey, AttributeValue sortKey) {
        return found(backend.getItem(getRequest(keyAttributes(partitionKey, sortKey), false, Ask.NONE)));
    }

    /** This table's key attribute with its value (tables without a sort key). */
    private Map<String, AttributeValue> keyAttributes(AttributeValue partitionKey) {
        return Map.of(mapping.tableKeyAttributes().get(0), partitionKey);
    }

    /** This table's key attributes with their values: an immutable map, which {@link Key} keeps as it is. */
    private Map<String, AttributeValue> keyAttributes(AttributeValue partitionKey, AttributeValue sortKey) {
        List<String> names = mapping.tableKeyAttributes();
        if (names.size() != 2) {
            throw new IllegalStateException(RuntimeMessage.NoSortKey.format(tableName));
        }
        return Map.of(
                names.get(0),
                Objects.requireNonNull(partitionKey, "partitionKey"),
                names.get(1),
                Objects.requireNonNull(sortKey, "sortKey"));
    }

    /** The spec of a base-table query returning entities. */
    protected final QuerySpec<T> tableQuery() {
        return specs.table();
    }

    /**
     * The spec of an index query returning entities: an ALL-projected GSI, or an LSI (any projection:
     * unprojected attributes are fetched from the table, and the fetch is counted).
     */
    protected final QuerySpec<T> indexQuery(String indexName) {
        return specs.index(indexName);
    }

    /** The spec of an index query returning projection views read by {@code viewDecoder}. */
    protected final <V> QuerySpec<V> indexQuery(String indexName, ItemDecoder<V> viewDecoder) {
        return specs.view(indexName, viewDecoder);
    }

    private void requireOwnKey(Key<?> key) {
        if (!key.tableName().equals(tableName)) {
            throw new IllegalArgumentException(RuntimeMessage.KeyOfOtherTable.format(key, key.tableName(), tableName));
        }
    }

    private long storedVersion(AttributeValue version) {
        if (version == null) {
            return 0;
        }
        try {
            return version.asN().longValueExact();
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    RuntimeMessage.VersionNotWholeNumber.format(mapping.entityName(), versionAttribute, version), e);
        }
    }

    final Backend backend() {
        return backend;
    }

    /** "Now" for {@code @CreatedAt} / {@code @UpdatedAt}: the database's clock. */
    final java.time.Instant now() {
        return db.clock().instant();
    }
}
