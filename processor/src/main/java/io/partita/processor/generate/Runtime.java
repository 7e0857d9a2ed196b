package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import io.partita.ChangeFeed;
import io.partita.Checkpoint;
import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.StartingPosition;
import io.partita.feed.ChangeFeeds;
import io.partita.feed.ChangeSource;
import io.partita.generated.EntityMapping;
import io.partita.generated.EpochSeconds;
import io.partita.generated.QuerySpec;
import io.partita.generated.Shards;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.AttributeCodec;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemDecoder;
import io.partita.mapping.ItemSchema;
import io.partita.mapping.KeyFormat;
import io.partita.processor.PartitaProcessor;
import io.partita.repository.BinarySortKeyCondition;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.SortKeyCondition;
import io.partita.repository.StringSortKeyCondition;
import io.partita.repository.Update;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The processor's side of the generated-code contract, in one place: every runtime type generated code names,
 * by class literal (the runtime is on the processor's compile path, so moving or renaming one breaks this
 * file's compilation, not a user's build), and every runtime member generated statements call or read, by
 * name ({@link Member}; {@code RuntimeContractTest} checks each name against the runtime). Generators write
 * these through {@code $T} and {@code $L}; no runtime name appears inside a statement string.
 *
 * <p>The processor never runs runtime code: class literals only give JavaPoet the names.
 */
final class Runtime {
    static final String GENERATOR = PartitaProcessor.class.getCanonicalName();

    static final ClassName GENERATED = ClassName.get(Generated.class);
    /** On every generated type: its API is non-null unless a type says {@code @Nullable} (Kotlin reads T / T?). */
    static final ClassName NULL_MARKED = ClassName.get(NullMarked.class);

    static final ClassName NULLABLE = ClassName.get(Nullable.class);

    static final ClassName PARTITA = ClassName.get(Partita.class);
    static final ClassName FIELD = ClassName.get(Field.class);
    static final ClassName KEY = ClassName.get(Key.class);

    static final ClassName CODECS = ClassName.get(Codecs.class);
    static final ClassName ITEM_SCHEMA = ClassName.get(ItemSchema.class);
    static final ClassName ABSTRACT_ITEM_SCHEMA = ClassName.get(AbstractItemSchema.class);
    static final ClassName ATTRIBUTE_CODEC = ClassName.get(AttributeCodec.class);
    static final ClassName ITEM_DECODER = ClassName.get(ItemDecoder.class);
    static final ClassName KEY_FORMAT = ClassName.get(KeyFormat.class);
    static final ClassName SHARDS = ClassName.get(Shards.class);

    static final ClassName ENTITY_REPOSITORY = ClassName.get(EntityRepository.class);
    static final ClassName ENTITY_MAPPING = ClassName.get(EntityMapping.class);
    static final ClassName ENTITY_MAPPING_MEMBERS = ClassName.get(EntityMapping.Members.class);
    static final ClassName QUERY_SPEC = ClassName.get(QuerySpec.class);
    static final ClassName QUERY_BUILDER = ClassName.get(QueryBuilder.class);
    static final ClassName CONSISTENT_QUERY_BUILDER = ClassName.get(ConsistentQueryBuilder.class);
    static final ClassName SORT_KEY_CONDITION = ClassName.get(SortKeyCondition.class);
    static final ClassName STRING_SORT_KEY_CONDITION = ClassName.get(StringSortKeyCondition.class);
    static final ClassName BINARY_SORT_KEY_CONDITION = ClassName.get(BinarySortKeyCondition.class);
    static final ClassName UPDATE = ClassName.get(Update.class);

    static final ClassName ATTRIBUTE_VALUE = ClassName.get(AttributeValue.class);
    static final ClassName ITEM_MAP_BUILDER = ClassName.get(ItemMap.Builder.class);
    static final ClassName ATTRIBUTE_VALUE_S = ClassName.get(AttributeValue.S.class);
    static final ClassName ATTRIBUTE_TYPE = ClassName.get(AttributeType.class);
    static final ClassName TABLE_DEFINITION = ClassName.get(TableDefinition.class);
    static final ClassName EPOCH_SECONDS = ClassName.get(EpochSeconds.class);
    static final ClassName KEY_ATTRIBUTE = ClassName.get(KeyAttribute.class);
    static final ClassName GLOBAL_SECONDARY_INDEX = ClassName.get(GlobalSecondaryIndex.class);
    static final ClassName PROJECTION = ClassName.get(Projection.class);
    static final ClassName STREAM_VIEW_TYPE = ClassName.get(StreamViewType.class);

    static final ClassName CHANGE_FEED = ClassName.get(ChangeFeed.class);
    static final ClassName CHANGE_SOURCE = ClassName.get(ChangeSource.class);
    static final ClassName CHANGE_FEEDS = ClassName.get(ChangeFeeds.class);
    static final ClassName STARTING_POSITION = ClassName.get(StartingPosition.class);
    static final ClassName CHECKPOINT = ClassName.get(Checkpoint.class);

    /**
     * A runtime method or constant that generated statements name: {@code owner} declares or inherits it, public
     * (or protected, for the query-builder and repository bases generated classes extend). {@code toString()} is
     * the name, so a generator writes {@code CodeBlock.of("$T.$L($S)", Runtime.KEY_ATTRIBUTE, Member.KEY_ATTRIBUTE_S,
     * name)}.
     */
    enum Member {
        // io.partita
        CREATE_TABLE_IF_MISSING(Partita.class, "createTableIfMissing"),
        REQUESTS(Partita.class, "requests"),
        GATHER_OPTIONS(Partita.class, "gatherOptions"),
        FIELD_OF(Field.class, "of"),
        FIELD_ENCODE(Field.class, "encode"),
        FIELD_CODEC(Field.class, "codec"),

        // io.partita.storage
        ATTRIBUTE_VALUE_S(AttributeValue.class, "s"),
        ATTRIBUTE_VALUE_N(AttributeValue.class, "n"),
        AS_S(AttributeValue.class, "asS"),
        S_VALUE(AttributeValue.S.class, "value"),
        ATTRIBUTE_TYPE_S(AttributeType.class, "S"),
        KEY_ATTRIBUTE_S(KeyAttribute.class, "s"),
        KEY_ATTRIBUTE_N(KeyAttribute.class, "n"),
        KEY_ATTRIBUTE_B(KeyAttribute.class, "b"),
        PROJECTION_ALL(Projection.class, "all"),
        PROJECTION_KEYS_ONLY(Projection.class, "keysOnly"),
        PROJECTION_INCLUDE(Projection.class, "include"),
        TABLE_BUILDER(TableDefinition.class, "builder"),
        TABLE_PARTITION_KEY(TableDefinition.Builder.class, "partitionKey"),
        TABLE_SORT_KEY(TableDefinition.Builder.class, "sortKey"),
        TABLE_GLOBAL_SECONDARY_INDEX(TableDefinition.Builder.class, "globalSecondaryIndex"),
        TABLE_LOCAL_SECONDARY_INDEX(TableDefinition.Builder.class, "localSecondaryIndex"),
        TABLE_TIME_TO_LIVE(TableDefinition.Builder.class, "timeToLive"),
        TABLE_STREAM(TableDefinition.Builder.class, "stream"),
        TABLE_BUILD(TableDefinition.Builder.class, "build"),

        // io.partita.mapping
        KEY_FORMAT_JOIN(KeyFormat.class, "join"),
        KEY_FORMAT_TEXT(KeyFormat.class, "text"),
        KEY_FORMAT_SORTABLE(KeyFormat.class, "sortable"),
        SHARDS_OF(Shards.class, "of"),
        SHARDS_RANDOM(Shards.class, "random"),
        SHARDS_SUFFIXED(Shards.class, "suffixed"),
        SHARDS_NUMBERS(Shards.class, "numbers"),
        SHARDS_SUFFIXED_VALUES(Shards.class, "suffixedValues"),
        EPOCH_SECONDS_INSTANT(EpochSeconds.class, "INSTANT"),
        // generated schemas extend AbstractItemSchema: they override writeItem/fromItem and call write/read
        SCHEMA_WRITE_ITEM(ItemSchema.class, "writeItem"),
        SCHEMA_FROM_ITEM(ItemSchema.class, "fromItem"),
        SCHEMA_MEMOIZABLE_TYPE(ItemSchema.class, "memoizableType"),
        SCHEMA_WRITE(AbstractItemSchema.class, "write"),
        SCHEMA_WRITE_STRING(AbstractItemSchema.class, "writeString"),
        SCHEMA_WRITE_INT(AbstractItemSchema.class, "writeInt"),
        SCHEMA_WRITE_LONG(AbstractItemSchema.class, "writeLong"),
        SCHEMA_WRITE_INSTANT(AbstractItemSchema.class, "writeInstant"),
        SCHEMA_WRITE_BIG_DECIMAL(AbstractItemSchema.class, "writeBigDecimal"),
        SCHEMA_READ(AbstractItemSchema.class, "read"),
        SCHEMA_READ_STRING(AbstractItemSchema.class, "readString"),
        SCHEMA_READ_INT(AbstractItemSchema.class, "readInt"),
        SCHEMA_READ_LONG(AbstractItemSchema.class, "readLong"),
        SCHEMA_READ_INSTANT(AbstractItemSchema.class, "readInstant"),
        SCHEMA_READ_BIG_DECIMAL(AbstractItemSchema.class, "readBigDecimal"),

        // io.partita.repository
        MAPPING_BUILDER(EntityMapping.class, "builder"),
        MAPPING_FROM_ITEM(EntityMapping.class, "fromItem"),
        MAPPING_COMPUTED(EntityMapping.Builder.class, "computed"),
        MAPPING_MEMBERS(EntityMapping.Builder.class, "members"),
        MEMBERS_INDEX_KEY_FIELD(EntityMapping.Members.class, "indexKeyField"),
        MEMBERS_COMPUTED(EntityMapping.Members.class, "computed"),
        MEMBERS_STRING(EntityMapping.Members.class, "string"),
        MAPPING_INDEX_KEY(EntityMapping.Builder.class, "indexKey"),
        MAPPING_DISCRIMINATOR(EntityMapping.Builder.class, "discriminator"),
        MAPPING_VERSION(EntityMapping.Builder.class, "version"),
        MAPPING_CREATED_AT(EntityMapping.Builder.class, "createdAt"),
        MAPPING_CREATED_AT_EPOCH_MILLIS(EntityMapping.Builder.class, "createdAtEpochMillis"),
        MAPPING_UPDATED_AT(EntityMapping.Builder.class, "updatedAt"),
        MAPPING_UPDATED_AT_EPOCH_MILLIS(EntityMapping.Builder.class, "updatedAtEpochMillis"),
        MAPPING_COUNTER(EntityMapping.Builder.class, "counter"),
        MAPPING_BUILD(EntityMapping.Builder.class, "build"),
        REPOSITORY_KEY_OF(EntityRepository.class, "keyOf"),
        REPOSITORY_DB(EntityRepository.class, "db"),
        // io.partita.feed
        CHANGE_FEEDS_ENTITY(ChangeFeeds.class, "entity"),
        CHANGE_FEEDS_TABLE(ChangeFeeds.class, "table"),
        STARTING_POSITION_LATEST(StartingPosition.class, "LATEST"),
        REPOSITORY_GET_BY_KEY(EntityRepository.class, "getByKey"),
        REPOSITORY_DELETE(EntityRepository.class, "delete"),
        REPOSITORY_UPDATE(EntityRepository.class, "update"),
        REPOSITORY_TABLE_QUERY(EntityRepository.class, "tableQuery"),
        REPOSITORY_INDEX_QUERY(EntityRepository.class, "indexQuery"),
        QUERY_SPEC_OF(QuerySpec.class, "of"),
        QUERY_PARTITION_KEY(QueryBuilder.class, "partitionKey"),
        QUERY_SCATTER(QueryBuilder.class, "scatter"),
        QUERY_SORT_KEY_EQUALS(QueryBuilder.class, "sortKeyEquals"),
        QUERY_SORT_KEY_BEGINS_WITH(QueryBuilder.class, "sortKeyBeginsWith"),
        QUERY_SORT_KEY(QueryBuilder.class, "sortKey"),
        QUERY_STRING_SORT_KEY(QueryBuilder.class, "stringSortKey"),
        QUERY_BINARY_SORT_KEY(QueryBuilder.class, "binarySortKey"),
        QUERY_TEMPLATE_SORT_KEY(QueryBuilder.class, "templateSortKey"),
        QUERY_TEMPLATE_STRING_SORT_KEY(QueryBuilder.class, "templateStringSortKey"),

        // io.partita.mapping.Codecs: factories
        CODECS_OF(Codecs.class, "of"),
        CODECS_CONVERTED(Codecs.class, "converted"),
        CODECS_ENUMERATION(Codecs.class, "enumeration"),
        CODECS_OPTIONAL(Codecs.class, "optional"),
        CODECS_LIST(Codecs.class, "list"),
        CODECS_SET(Codecs.class, "set"),
        CODECS_MAP(Codecs.class, "map"),
        CODECS_JSON(Codecs.class, "json"),
        CODECS_NESTED(Codecs.class, "nested"),
        // io.partita.mapping.Codecs: constants, one per mapped primitive
        CODECS_PRIMITIVE_INT(Codecs.class, "PRIMITIVE_INT"),
        CODECS_PRIMITIVE_LONG(Codecs.class, "PRIMITIVE_LONG"),
        CODECS_PRIMITIVE_SHORT(Codecs.class, "PRIMITIVE_SHORT"),
        CODECS_PRIMITIVE_BYTE(Codecs.class, "PRIMITIVE_BYTE"),
        CODECS_PRIMITIVE_DOUBLE(Codecs.class, "PRIMITIVE_DOUBLE"),
        CODECS_PRIMITIVE_FLOAT(Codecs.class, "PRIMITIVE_FLOAT"),
        CODECS_PRIMITIVE_BOOLEAN(Codecs.class, "PRIMITIVE_BOOLEAN"),
        CODECS_PRIMITIVE_CHAR(Codecs.class, "PRIMITIVE_CHAR"),
        // io.partita.mapping.Codecs: constants, one per mapped scalar class
        CODECS_BYTES(Codecs.class, "BYTES"),
        CODECS_STRING(Codecs.class, "STRING"),
        CODECS_CHARACTER(Codecs.class, "CHARACTER"),
        CODECS_INTEGER(Codecs.class, "INTEGER"),
        CODECS_LONG(Codecs.class, "LONG"),
        CODECS_SHORT(Codecs.class, "SHORT"),
        CODECS_BYTE(Codecs.class, "BYTE"),
        CODECS_DOUBLE(Codecs.class, "DOUBLE"),
        CODECS_FLOAT(Codecs.class, "FLOAT"),
        CODECS_BOOLEAN(Codecs.class, "BOOLEAN"),
        CODECS_BIG_DECIMAL(Codecs.class, "BIG_DECIMAL"),
        CODECS_BIG_INTEGER(Codecs.class, "BIG_INTEGER"),
        CODECS_UUID(Codecs.class, "UUID"),
        CODECS_BYTE_BUFFER(Codecs.class, "BYTE_BUFFER"),
        CODECS_INSTANT(Codecs.class, "INSTANT"),
        CODECS_OFFSET_DATE_TIME(Codecs.class, "OFFSET_DATE_TIME"),
        CODECS_ZONED_DATE_TIME(Codecs.class, "ZONED_DATE_TIME"),
        CODECS_LOCAL_DATE(Codecs.class, "LOCAL_DATE"),
        CODECS_LOCAL_DATE_TIME(Codecs.class, "LOCAL_DATE_TIME"),
        CODECS_LOCAL_TIME(Codecs.class, "LOCAL_TIME"),
        CODECS_YEAR(Codecs.class, "YEAR"),
        CODECS_YEAR_MONTH(Codecs.class, "YEAR_MONTH"),
        CODECS_MONTH_DAY(Codecs.class, "MONTH_DAY"),
        CODECS_DURATION(Codecs.class, "DURATION"),
        CODECS_PERIOD(Codecs.class, "PERIOD"),
        CODECS_ZONE_ID(Codecs.class, "ZONE_ID"),
        CODECS_ZONE_OFFSET(Codecs.class, "ZONE_OFFSET");

        private final Class<?> owner;
        private final String name;

        Member(Class<?> owner, String name) {
            this.owner = owner;
            this.name = name;
        }

        /** The runtime type that declares or inherits the member. */
        Class<?> owner() {
            return owner;
        }

        /** The member's name, as generated code writes it. */
        @Override
        public String toString() {
            return name;
        }
    }

    private Runtime() {}
}
