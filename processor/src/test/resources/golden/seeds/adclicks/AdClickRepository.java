package seeds.adclicks;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.generated.Shards;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.mapping.KeyFormat;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.SortKeyCondition;
import io.partita.repository.Update;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The repository of {@link AdClick} in table {@code AdClicks}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class AdClickRepository extends EntityRepository<AdClick> {
  /**
   * {@link AdClick#referrer()} stored as {@code referrer}: for conditions and partial updates.
   */
  public static final Field<AdClick, String> REFERRER = Field.<AdClick, String>of("referrer", "referrer", Codecs.STRING);

  /**
   * {@link AdClick#eventTime()} stored as {@code eventTime}: for conditions and partial updates.
   */
  public static final Field<AdClick, Instant> EVENT_TIME = Field.<AdClick, Instant>of("eventTime", "eventTime", Codecs.INSTANT);

  /**
   * {@link AdClick#clicks()} stored as {@code clicks}: for conditions and partial updates.
   */
  public static final Field<AdClick, Long> CLICKS = Field.<AdClick, Long>of("clicks", "clicks", Codecs.PRIMITIVE_LONG);

  /**
   * {@link AdClick#impressions()} stored as {@code impressions}: for conditions and partial updates.
   */
  public static final Field<AdClick, Long> IMPRESSIONS = Field.<AdClick, Long>of("impressions", "impressions", Codecs.PRIMITIVE_LONG);

  /**
   * {@link AdClick#version()} stored as {@code version}: for conditions and partial updates.
   */
  public static final Field<AdClick, Long> VERSION = Field.<AdClick, Long>of("version", "version", Codecs.PRIMITIVE_LONG);

  /**
   * How {@link AdClick} maps to an item, without reflection.
   */
  public static final ItemSchema<AdClick> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("AdClicks")
    .partitionKey(KeyAttribute.s("referrer"))
    .sortKey(KeyAttribute.s("eventTime"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("EventTimeIndex", List.of(KeyAttribute.n("EventTimeIndex_shard")), List.of(KeyAttribute.s("eventTime")), Projection.all()))
    .build();

  /**
   * How {@link AdClick} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<AdClick> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .computed("EventTimeIndex_shard", 0, "referrer")
    .indexKey("EventTimeIndex", "eventTime", "eventTime", 0, false)
    .version("version")
    .build();

  private AdClickRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code AdClicks} if it does not exist.
   */
  public static AdClickRepository of(Partita db) {
    return new AdClickRepository(db);
  }

  /**
   * The key of the {@link AdClick} item with these key parts (for transactions, batches, updates).
   */
  public Key<AdClick> key(String referrer, Instant eventTime) {
    return keyOf(REFERRER.encode(referrer), EVENT_TIME.encode(eventTime));
  }

  /**
   * The {@link AdClick} with these key parts, if stored.
   */
  public Optional<AdClick> get(String referrer, Instant eventTime) {
    return getByKey(REFERRER.encode(referrer), EVENT_TIME.encode(eventTime));
  }

  /**
   * Deletes the {@link AdClick} with these key parts, if stored.
   */
  public void delete(String referrer, Instant eventTime) {
    delete(key(referrer, eventTime));
  }

  /**
   * Starts a partial update of the {@link AdClick} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<AdClick> update(String referrer, Instant eventTime) {
    return update(key(referrer, eventTime));
  }

  /**
   * Queries the items of {@link AdClick} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String referrer) {
    return new Query(tableQuery(), referrer);
  }

  /**
   * Queries index {@code EventTimeIndex} (GSI, projection ALL), gathering its 100 shards; narrow by its sort key, then call a terminal.
   */
  public EventTimeIndexQuery eventTimeIndex() {
    return new EventTimeIndexQuery(indexQuery("EventTimeIndex"));
  }

  /**
   * A query on the table with its partition key fixed; narrow it by {@code eventTime}.
   */
  public static final class Query extends ConsistentQueryBuilder<AdClick, Query> {
    Query(QuerySpec<AdClick> spec, String referrer) {
      super(spec);
      partitionKey("referrer", REFERRER.encode(referrer));
    }

    /**
     * A condition on {@code eventTime} ({@code eventTime}).
     */
    public SortKeyCondition<Instant, Query> eventTime() {
      return sortKey("eventTime", EVENT_TIME.codec());
    }

    /**
     * Narrows to items whose {@code eventTime} equals {@code eventTime}.
     */
    public QueryWithEventTime eventTime(Instant eventTime) {
      return new QueryWithEventTime(this, eventTime);
    }
  }

  /**
   * A query on the table narrowed by {@code eventTime}.
   */
  public static final class QueryWithEventTime extends ConsistentQueryBuilder<AdClick, QueryWithEventTime> {
    QueryWithEventTime(Query previous, Instant eventTime) {
      super(previous);
      sortKeyEquals("eventTime", EVENT_TIME.encode(eventTime));
    }
  }

  /**
   * A query on index {@code EventTimeIndex} with its partition key fixed; narrow it by {@code eventTime}.
   */
  public static final class EventTimeIndexQuery extends QueryBuilder<AdClick, EventTimeIndexQuery> {
    EventTimeIndexQuery(QuerySpec<AdClick> spec) {
      super(spec);
      scatter("EventTimeIndex_shard", Shards.numbers(100));
    }

    /**
     * A condition on {@code eventTime} ({@code eventTime}).
     */
    public SortKeyCondition<Instant, EventTimeIndexQuery> eventTime() {
      return sortKey("eventTime", EVENT_TIME.codec());
    }

    /**
     * Narrows to items whose {@code eventTime} equals {@code eventTime}.
     */
    public EventTimeIndexQueryWithEventTime eventTime(Instant eventTime) {
      return new EventTimeIndexQueryWithEventTime(this, eventTime);
    }
  }

  /**
   * A query on index {@code EventTimeIndex} narrowed by {@code eventTime}.
   */
  public static final class EventTimeIndexQueryWithEventTime extends QueryBuilder<AdClick, EventTimeIndexQueryWithEventTime> {
    EventTimeIndexQueryWithEventTime(EventTimeIndexQuery previous, Instant eventTime) {
      super(previous);
      sortKeyEquals("eventTime", EVENT_TIME.encode(eventTime));
    }
  }

  /**
   * How {@link AdClick} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<AdClick> implements EntityMapping.Members<AdClick> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("AdClick", "referrer", "eventTime", "clicks", "impressions", "version");
    }

    @Override
    public void writeItem(AdClick e, ItemMap.Builder item) {
      writeString(item, "referrer", e.referrer());
      writeInstant(item, "eventTime", e.eventTime());
      writeLong(item, "clicks", e.clicks());
      writeLong(item, "impressions", e.impressions());
      writeLong(item, "version", e.version());
    }

    @Override
    public AdClick fromItem(Map<String, AttributeValue> item) {
      return new AdClick(
        readString(item, 0, "referrer"),
        readInstant(item, 1, "eventTime"),
        readLong(item, 2, "clicks"),
        readLong(item, 3, "impressions"),
        readLong(item, 4, "version"));
    }

    @Override
    public Class<AdClick> memoizableType() {
      return AdClick.class;
    }

    @Override
    public @Nullable Object indexKeyField(AdClick e, int field) {
      return switch (field) {
        case 0 -> e.eventTime();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(AdClick e, int attribute) {
      return switch (attribute) {
        case 0 -> AttributeValue.n(Shards.of(KeyFormat.text(e.referrer()), 100));
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
