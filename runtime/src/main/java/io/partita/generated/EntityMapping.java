package io.partita.generated;

import io.partita.MissingIndexKeyException;
import io.partita.internal.RuntimeMessage;
import io.partita.mapping.ItemDecoder;
import io.partita.mapping.ItemSchema;
import io.partita.storage.ValidationException;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Everything a repository knows about how entity {@code T} lives in its table, beyond the field mapping of
 * its {@link ItemSchema}: the table definition, computed attributes (rendered key templates, scatter shards),
 * the shared-table discriminator, the {@code @Version} attribute, the {@code @CreatedAt}/{@code @UpdatedAt}/
 * {@code @Counter} attributes the repository writes itself ({@link AutoValues}), and which index keys each field
 * feeds (for the {@code @Sparse} rule; a null field the repository fills in is not a missing index key). Generated code builds one per entity, once:
 *
 * <pre>{@code
 * static final EntityMapping<GameScore> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
 *         .members(Schema.INSTANCE)                                  // the generated switch methods, see Members
 *         .indexKey("GameTitleIndex", "gameTitle", "GameTitle", 0, false)
 *         .indexKey("GameTitleIndex", "topScore", "TopScore", 1, true)   // @Sparse
 *         .build();
 *
 * static final EntityMapping<User> USER = EntityMapping.builder(SHARED_TABLE, USER_SCHEMA)   // shared table
 *         .members(Schema.INSTANCE)
 *         .computed("PK", 0, "userId")       // Members.computed(user, 0) renders "USER#{userId}"
 *         .computed("SK", 1)
 *         .discriminator("_type", "User")
 *         .version("version")
 *         .build();
 * }</pre>
 *
 * Hand-written mappings may pass lambdas instead ({@code .indexKey("GameTitleIndex", "gameTitle", "GameTitle",
 * GameScore::gameTitle, false)}, {@code .computed("PK", u -> ..., "userId")}); generated code does not, so opening
 * a repository bootstraps no lambda.
 *
 * <p>Writing ({@link #toItem}) checks, before anything is sent: every non-sparse index-key field is non-null
 * ({@link MissingIndexKeyException} otherwise, naming field and index) and every table key attribute is
 * present. A null {@code @Sparse} field simply leaves its attribute (and any computed key that uses it) out,
 * so the core leaves the item out of that index. Reading ({@link #fromItem}) returns {@code null} for an item
 * whose discriminator names another entity type.
 *
 * @param <T> the entity
 */
public final class EntityMapping<T> implements ItemDecoder<T> {
    private final TableDefinition table;
    private final ItemSchema<T> schema;
    private final List<Computed<T>> computed;
    private final String discriminatorAttribute;
    private final AttributeValue discriminatorValue;
    private final String versionAttribute;
    private final List<IndexKeyField<T>> indexKeyFields;
    private final List<String> tableKeyAttributes;
    private final Map<String, String> computedAttributeBySource;
    private final AutoValues autoValues;
    private final Members<T> members;
    private final ItemMap.Layout itemLayout;
    private final Class<T> memoType; // the schema's memoizableType(): null when entities are not kept with items
    private final ItemDecoder<T> memoizing; // this, or a StoredItemReader over this

    /**
     * The index-key fields and computed attributes of an entity as numbered members: what generated code implements
     * (one {@code switch} per method) instead of one lambda per member, so opening a repository bootstraps no lambda.
     * {@link Builder#indexKey(String, String, String, int, boolean)} and {@link Builder#computed(String, int,
     * String...)} name members by these numbers.
     *
     * @param <T> the entity
     */
    public interface Members<T> {
        /** The value of index-key field number {@code field} of {@code entity} (null when the field is null). */
        @Nullable
        Object indexKeyField(T entity, int field);

        /** Computed attribute number {@code attribute} of {@code entity}, or null to leave it out of the item. */
        @Nullable
        AttributeValue computed(T entity, int attribute);

        /** A rendered String attribute: {@code S}, or null (left out) for a null rendering. */
        static @Nullable AttributeValue string(@Nullable String value) {
            return value == null ? null : AttributeValue.s(value);
        }
    }

    private EntityMapping(Builder<T> b) {
        this.table = b.table;
        this.schema = b.schema;
        this.computed = List.copyOf(b.computed);
        this.discriminatorAttribute = b.discriminatorAttribute;
        this.discriminatorValue = b.discriminatorType == null ? null : AttributeValue.s(b.discriminatorType);
        this.versionAttribute = b.versionAttribute;
        this.indexKeyFields = List.copyOf(b.indexKeyFields);
        this.autoValues = b.autoValues == null ? AutoValues.NONE : b.autoValues.build();
        this.members = b.members;
        List<String> keys = new ArrayList<>(2);
        keys.add(table.partitionKey().name());
        if (table.sortKey() != null) {
            keys.add(table.sortKey().name());
        }
        this.tableKeyAttributes = List.copyOf(keys);
        Map<String, String> bySource = new HashMap<>();
        for (Computed<T> c : computed) {
            for (String source : c.sourceAttributes()) {
                bySource.putIfAbsent(source, c.attribute());
            }
        }
        this.computedAttributeBySource = Map.copyOf(bySource);
        this.itemLayout = itemLayout(schema.attributeNames(), computed, discriminatorAttribute);
        this.memoType = schema.memoizableType();
        this.memoizing = memoType == null ? this : new StoredItemReader<>(this);
    }

    /**
     * The attribute order {@link #toItem} writes: the schema's attributes, then the computed attributes and the
     * discriminator it appends (names already written by the schema only once; the builder handles the rest).
     */
    private static ItemMap.Layout itemLayout(
            List<String> schemaNames, List<? extends Computed<?>> computed, String discriminator) {
        List<String> names = new ArrayList<>(schemaNames.size() + computed.size() + 1);
        for (String name : schemaNames) {
            addOnce(names, name);
        }
        for (Computed<?> c : computed) {
            addOnce(names, c.attribute());
        }
        addOnce(names, discriminator);
        return ItemMap.Layout.of(names);
    }

    private static void addOnce(List<String> names, String name) {
        if (name != null && !names.contains(name)) {
            names.add(name);
        }
    }

    /** Starts a mapping of {@code schema}'s entity into {@code table}. */
    public static <T> Builder<T> builder(TableDefinition table, ItemSchema<T> schema) {
        return new Builder<>(table, schema);
    }

    public TableDefinition table() {
        return table;
    }

    public ItemSchema<T> schema() {
        return schema;
    }

    /** The entity's simple name, for messages. */
    public String entityName() {
        return schema.typeName();
    }

    /** The table's key attribute names: partition key, then sort key if any. */
    public List<String> tableKeyAttributes() {
        return tableKeyAttributes;
    }

    /** The {@code @Version} attribute, if the entity has one. */
    public Optional<String> versionAttribute() {
        return Optional.ofNullable(versionAttribute);
    }

    /** The {@code @CreatedAt}, {@code @UpdatedAt} and {@code @Counter} attributes. */
    public AutoValues autoValues() {
        return autoValues;
    }

    /** The discriminator attribute of a shared table. */
    public Optional<String> discriminatorAttribute() {
        return Optional.ofNullable(discriminatorAttribute);
    }

    /** The value this entity writes to the discriminator attribute. */
    public Optional<String> discriminatorValue() {
        return Optional.ofNullable(discriminatorValue).map(AttributeValue::asS);
    }

    /**
     * The complete item for {@code entity}: mapped fields, computed attributes, discriminator.
     *
     * @throws MissingIndexKeyException when a non-sparse index-key field is null
     * @throws io.partita.storage.ValidationException when a table key attribute would be missing
     */
    public Map<String, AttributeValue> toItem(T entity) {
        Objects.requireNonNull(entity, "entity");
        // index loops, not for-each: an iterator per list per put (the lists are immutable List.of copies)
        for (int i = 0; i < indexKeyFields.size(); i++) {
            IndexKeyField<T> f = indexKeyFields.get(i);
            if (!f.sparse() && f.value(entity, members) == null && !autoValues.fills(f.attributeName())) {
                throw Failures.missingIndexKey(schema.typeName(), f);
            }
        }
        // Built straight into the core's item type, which the embedded core stores without copying.
        ItemMap.Builder item = ItemMap.builder(itemLayout); // one exact-size value array when the item is complete
        schema.writeItem(entity, item);
        for (int i = 0; i < computed.size(); i++) {
            Computed<T> c = computed.get(i);
            AttributeValue v = c.value(entity, members);
            if (v != null) {
                item.put(c.attribute(), v);
            } else {
                item.remove(c.attribute());
            }
        }
        if (discriminatorAttribute != null) {
            item.put(discriminatorAttribute, discriminatorValue);
        }
        for (int i = 0; i < tableKeyAttributes.size(); i++) {
            String key = tableKeyAttributes.get(i);
            if (!item.containsKey(key)) {
                throw Failures.validation(RuntimeMessage.MissingTableKey.format(schema.typeName(), key, table.name()));
            }
        }
        return item.build();
    }

    /** The entity an item holds, or {@code null} when its discriminator names another entity type. */
    @Override
    public T fromItem(Map<String, AttributeValue> item) {
        if (discriminatorAttribute != null && !discriminatorValue.equals(item.get(discriminatorAttribute))) {
            return null;
        }
        return schema.fromItem(item);
    }

    /**
     * True when the entity's decoded instances may be kept with the stored item they were read from and handed out
     * again ({@link ItemSchema#memoizableType()} is non-null: deeply immutable records, decided by the processor).
     */
    public boolean memoizable() {
        return memoType != null;
    }

    /**
     * The decoder repositories read results with when the database reuses decoded entities
     * ({@link io.partita.Partita.Builder#reuseDecodedEntities}): for a {@link #memoizable()} entity, {@link #fromItem}
     * except that a stored item ({@link ItemMap}) whose {@link ItemMap#memo()} holds an instance of exactly the
     * entity's class answers with that instance, and an item decoded gets the entity attached as its memo; for any
     * other entity, this mapping itself. Items of other map types are decoded every time.
     */
    public ItemDecoder<T> memoizing() {
        return memoizing;
    }

    /** {@link #memoizing()}'s decoder of memoizable entities. */
    public static final class StoredItemReader<T> implements ItemDecoder<T> {
        private final EntityMapping<T> mapping;
        private final Class<T> type;

        StoredItemReader(EntityMapping<T> mapping) {
            this.mapping = mapping;
            this.type = mapping.memoType;
        }

        @Override
        @SuppressWarnings("unchecked") // memoOf(type) returns only what memo(type, ...) attached: a T (see below)
        public T fromItem(Map<String, AttributeValue> item) {
            if (!(item instanceof ItemMap stored)) {
                return mapping.fromItem(item);
            }
            // owned by exactly this class: only this entity's generated schema decodes to it, and only an instance
            // of it is attached with it as owner (a subclass, a view or another entity's instance attached by another
            // reader has another owner). The owner is read from the item itself: no load of the memo's header.
            Object memo = stored.memoOf(type);
            if (memo != null) {
                return (T) memo;
            }
            T decoded = mapping.fromItem(item);
            if (decoded != null) { // null: another entity type of a shared table, left for its own reader
                if (decoded.getClass() == type) {
                    stored.memo(type, decoded);
                }
            }
            return decoded;
        }

        /**
         * The leading items of {@code items[0, n)} that hold a memo of this reader's entity, each answered as {@link
         * #fromItem} answers it (that memo), added to {@code out} in order; stops at the first item without one and
         * returns its index ({@code n} when every item had one). Nothing is decoded or attached: the caller decodes
         * the rest with {@link #fromItem}. One pass of independent loads, one per item's own line, where a prefetch
         * pass before {@code fromItem} would read each line twice.
         */
        @SuppressWarnings("unchecked") // memoOf(type) returns only what memo(type, ...) attached: a T (see fromItem)
        public int takeMemos(List<? extends Map<String, AttributeValue>> items, int n, List<? super T> out) {
            Class<T> owner = type;
            for (int i = 0; i < n; i++) {
                Object memo = items.get(i) instanceof ItemMap stored ? stored.memoOf(owner) : null;
                if (memo == null) {
                    return i;
                }
                out.add((T) memo);
            }
            return n;
        }
    }

    /** The table key of an item (or of an index entry, which always carries the table key). */
    public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        if (tableKeyAttributes.size() == 1) {
            String pk = tableKeyAttributes.get(0);
            return Map.of(pk, item.get(pk));
        }
        String pk = tableKeyAttributes.get(0);
        String sk = tableKeyAttributes.get(1);
        return Map.of(pk, item.get(pk), sk, item.get(sk));
    }

    /** The table key of {@code entity}. */
    public Map<String, AttributeValue> keyOf(T entity) {
        return keyOf(toItem(entity));
    }

    /**
     * Rejects an update that would break the mapping's rules: setting a key attribute, removing (or setting to
     * null) a non-sparse index-key field, or changing a field a computed attribute is rendered from (the
     * computed key would go stale: use put).
     */
    public void checkUpdatable(String attribute, boolean removing) {
        if (tableKeyAttributes.contains(attribute)) {
            throw Failures.validation(
                    RuntimeMessage.UpdateOfTableKey.format(schema.typeName(), attribute, table.name()));
        }
        if (attribute.equals(discriminatorAttribute)) {
            throw Failures.validation(RuntimeMessage.UpdateOfDiscriminator.format(schema.typeName(), attribute));
        }
        String computedAttribute = computedAttributeBySource.get(attribute);
        if (computedAttribute != null) {
            throw Failures.validation(
                    RuntimeMessage.UpdateOfComputedSource.format(schema.typeName(), attribute, computedAttribute));
        }
        if (removing) {
            for (IndexKeyField<T> f : indexKeyFields) {
                if (!f.sparse() && f.attributeName().equals(attribute)) {
                    throw Failures.missingIndexKey(schema.typeName(), f);
                }
            }
        }
    }

    /**
     * The attributes that identify an entry of {@code indexName} (or of the table, for {@code null}): its key
     * attributes followed by the table's. What a cursor must hold to resume a query on that index.
     */
    public List<String> keyAttributesOf(String indexName) {
        Set<String> names = new LinkedHashSet<>();
        names.addAll(IndexKeys.indexKeyAttributes(table, indexName));
        names.addAll(tableKeyAttributes);
        return List.copyOf(names);
    }

    /** True when {@code indexName} is one of the table's local secondary indexes. */
    public boolean isLocalIndex(String indexName) {
        for (LocalSecondaryIndex l : table.localSecondaryIndexes()) {
            if (l.name().equals(indexName)) {
                return true;
            }
        }
        return false;
    }

    /** A computed attribute: by {@code function}, or (when it is null) by member number {@code member}. */
    private record Computed<T>(
            String attribute, Function<? super T, AttributeValue> function, int member, List<String> sourceAttributes) {
        AttributeValue value(T entity, Members<T> members) {
            return function != null ? function.apply(entity) : members.computed(entity, member);
        }
    }

    /** An index-key field: read by {@code getter}, or (when it is null) by member number {@code member}. */
    private record IndexKeyField<T>(
            String indexName,
            String fieldName,
            String attributeName,
            Function<? super T, ?> getter,
            int member,
            boolean sparse) {
        Object value(T entity, Members<T> members) {
            return getter != null ? getter.apply(entity) : members.indexKeyField(entity, member);
        }
    }

    /** Collects the parts of an {@link EntityMapping}. */
    public static final class Builder<T> {
        private final TableDefinition table;
        private final ItemSchema<T> schema;
        private final List<Computed<T>> computed = new ArrayList<>();
        private final List<IndexKeyField<T>> indexKeyFields = new ArrayList<>();
        private String discriminatorAttribute;
        private String discriminatorType;
        private String versionAttribute;
        private AutoValues.Builder autoValues; // created by the first auto value: most entities have none
        private Members<T> members;

        private AutoValues.Builder autoValues() {
            if (autoValues == null) {
                autoValues = new AutoValues.Builder();
            }
            return autoValues;
        }

        private Builder(TableDefinition table, ItemSchema<T> schema) {
            this.table = Objects.requireNonNull(table, "table");
            this.schema = Objects.requireNonNull(schema, "schema");
        }

        /**
         * An attribute the entity does not hold as a field but writes: a rendered key template, a scatter shard.
         * {@code value} returns null to leave it out (a template with a null {@code @Sparse} part).
         * {@code sourceAttributes} are the attributes it is rendered from: updating them in place is refused.
         */
        public Builder<T> computed(
                String attribute, Function<? super T, AttributeValue> value, String... sourceAttributes) {
            computed.add(
                    new Computed<>(attribute, Objects.requireNonNull(value, "value"), -1, List.of(sourceAttributes)));
            return this;
        }

        /** The generated accessors {@link #indexKey(String, String, String, int, boolean)} and {@link #computed(String,
         * int, String...)} refer to; set it before {@link #build()}. */
        public Builder<T> members(Members<T> members) {
            this.members = Objects.requireNonNull(members, "members");
            return this;
        }

        /**
         * {@link #computed(String, Function, String...)} with the value computed by {@link Members#computed} for
         * member number {@code member}.
         */
        public Builder<T> computed(String attribute, int member, String... sourceAttributes) {
            computed.add(new Computed<>(attribute, null, member, List.of(sourceAttributes)));
            return this;
        }

        /** A computed String attribute (see {@link #computed(String, Function, String...)}); null leaves it out. */
        public Builder<T> computedString(
                String attribute, Function<? super T, String> value, String... sourceAttributes) {
            return computed(
                    attribute,
                    e -> {
                        String s = value.apply(e);
                        return s == null ? null : AttributeValue.s(s);
                    },
                    sourceAttributes);
        }

        /** Shared tables: write {@code type} to {@code attribute} and read only items carrying it. */
        public Builder<T> discriminator(String attribute, String type) {
            this.discriminatorAttribute = Objects.requireNonNull(attribute, "attribute");
            this.discriminatorType = Objects.requireNonNull(type, "type");
            return this;
        }

        /** The stored attribute of the {@code @Version} field (mapped by the schema as a long/Long). */
        public Builder<T> version(String attribute) {
            this.versionAttribute = Objects.requireNonNull(attribute, "attribute");
            return this;
        }

        /** A {@code @CreatedAt Instant} field stored as {@code attribute} (see {@link AutoValues}). */
        public Builder<T> createdAt(String attribute) {
            autoValues().createdAt(Objects.requireNonNull(attribute, "attribute"), false);
            return this;
        }

        /** A {@code @CreatedAt long} field: epoch milliseconds. */
        public Builder<T> createdAtEpochMillis(String attribute) {
            autoValues().createdAt(Objects.requireNonNull(attribute, "attribute"), true);
            return this;
        }

        /** An {@code @UpdatedAt Instant} field stored as {@code attribute}. */
        public Builder<T> updatedAt(String attribute) {
            autoValues().updatedAt(Objects.requireNonNull(attribute, "attribute"), false);
            return this;
        }

        /** An {@code @UpdatedAt long} field: epoch milliseconds. */
        public Builder<T> updatedAtEpochMillis(String attribute) {
            autoValues().updatedAt(Objects.requireNonNull(attribute, "attribute"), true);
            return this;
        }

        /** A {@code @Counter(delta, start)} field stored as {@code attribute}. */
        public Builder<T> counter(String attribute, long delta, long start) {
            autoValues().counter(Objects.requireNonNull(attribute, "attribute"), delta, start);
            return this;
        }

        /**
         * Field {@code fieldName} (getter {@code getter}) is part of the key of {@code indexName}, stored as (or
         * rendered into) {@code attributeName}; unless {@code sparse}, a null value refuses the write.
         */
        public Builder<T> indexKey(
                String indexName,
                String fieldName,
                String attributeName,
                Function<? super T, ?> getter,
                boolean sparse) {
            indexKeyFields.add(new IndexKeyField<>(
                    indexName, fieldName, attributeName, Objects.requireNonNull(getter, "getter"), -1, sparse));
            return this;
        }

        /**
         * {@link #indexKey(String, String, String, Function, boolean)} with the field read by {@link
         * Members#indexKeyField} for member number {@code field}.
         */
        public Builder<T> indexKey(
                String indexName, String fieldName, String attributeName, int field, boolean sparse) {
            indexKeyFields.add(new IndexKeyField<>(indexName, fieldName, attributeName, null, field, sparse));
            return this;
        }

        /**
         * The mapping.
         *
         * @throws IllegalStateException when a member is named by number but no {@link #members} were given
         */
        public EntityMapping<T> build() {
            if (members == null) { // loops, not streams: this runs when a repository class initializes
                for (Computed<T> c : computed) {
                    if (c.function() == null) {
                        throw new IllegalStateException(RuntimeMessage.MappingMembersMissing.format(schema.typeName()));
                    }
                }
                for (IndexKeyField<T> f : indexKeyFields) {
                    if (f.getter() == null) {
                        throw new IllegalStateException(RuntimeMessage.MappingMembersMissing.format(schema.typeName()));
                    }
                }
            }
            return new EntityMapping<>(this);
        }
    }

    /**
     * Exceptions built outside the throwing methods: a {@code throw new ValidationException(..)} here would make
     * the verifier load that class and its superclasses on a fresh JVM's first repository use, though nothing fails
     * (issue 14); this class is loaded only when a check fails.
     */
    static final class Failures {
        private Failures() {}

        static RuntimeException validation(String message) {
            return new ValidationException(message);
        }

        static RuntimeException missingIndexKey(String typeName, IndexKeyField<?> f) {
            return new MissingIndexKeyException(typeName, f.fieldName(), f.attributeName(), f.indexName());
        }
    }
}
