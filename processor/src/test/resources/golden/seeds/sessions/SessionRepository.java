package seeds.sessions;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.EpochSeconds;
import io.partita.generated.QuerySpec;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.SortKeyCondition;
import io.partita.repository.StringSortKeyCondition;
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
 * The repository of {@link Session} in table {@code Sessions}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class SessionRepository extends EntityRepository<Session> {
  /**
   * {@link Session#userId()} stored as {@code UserId}: for conditions and partial updates.
   */
  public static final Field<Session, String> USER_ID = Field.<Session, String>of("UserId", "userId", Codecs.STRING);

  /**
   * {@link Session#sessionId()} stored as {@code SessionId}: for conditions and partial updates.
   */
  public static final Field<Session, String> SESSION_ID = Field.<Session, String>of("SessionId", "sessionId", Codecs.STRING);

  /**
   * {@link Session#device()} stored as {@code Device}: for conditions and partial updates.
   */
  public static final Field<Session, String> DEVICE = Field.<Session, String>of("Device", "device", Codecs.STRING);

  /**
   * {@link Session#startedAt()} stored as {@code StartedAt}: for conditions and partial updates.
   */
  public static final Field<Session, Instant> STARTED_AT = Field.<Session, Instant>of("StartedAt", "startedAt", Codecs.INSTANT);

  /**
   * {@link Session#expiresAt()} stored as {@code ExpiresAt}: for conditions and partial updates.
   */
  public static final Field<Session, Instant> EXPIRES_AT = Field.<Session, Instant>of("ExpiresAt", "expiresAt", EpochSeconds.INSTANT);

  /**
   * How {@link Session} maps to an item, without reflection.
   */
  public static final ItemSchema<Session> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("Sessions")
    .partitionKey(KeyAttribute.s("UserId"))
    .sortKey(KeyAttribute.s("SessionId"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("ByDevice", List.of(KeyAttribute.s("Device")), List.of(), Projection.all()))
    .localSecondaryIndex("ByStarted", KeyAttribute.s("StartedAt"), Projection.all())
    .timeToLive("ExpiresAt")
    .build();

  /**
   * How {@link Session} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Session> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("ByDevice", "device", "Device", 0, false)
    .indexKey("ByStarted", "startedAt", "StartedAt", 1, false)
    .build();

  private SessionRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code Sessions} if it does not exist.
   */
  public static SessionRepository of(Partita db) {
    return new SessionRepository(db);
  }

  /**
   * The key of the {@link Session} item with these key parts (for transactions, batches, updates).
   */
  public Key<Session> key(String userId, String sessionId) {
    return keyOf(USER_ID.encode(userId), SESSION_ID.encode(sessionId));
  }

  /**
   * The {@link Session} with these key parts, if stored.
   */
  public Optional<Session> get(String userId, String sessionId) {
    return getByKey(USER_ID.encode(userId), SESSION_ID.encode(sessionId));
  }

  /**
   * Deletes the {@link Session} with these key parts, if stored.
   */
  public void delete(String userId, String sessionId) {
    delete(key(userId, sessionId));
  }

  /**
   * Starts a partial update of the {@link Session} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Session> update(String userId, String sessionId) {
    return update(key(userId, sessionId));
  }

  /**
   * Queries the items of {@link Session} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String userId) {
    return new Query(tableQuery(), userId);
  }

  /**
   * Queries index {@code ByDevice} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public ByDeviceQuery byDevice(String device) {
    return new ByDeviceQuery(indexQuery("ByDevice"), device);
  }

  /**
   * Queries index {@code ByStarted} (LSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public ByStartedQuery byStarted(String userId) {
    return new ByStartedQuery(indexQuery("ByStarted"), userId);
  }

  /**
   * A query on the table with its partition key fixed; narrow it by {@code sessionId}.
   */
  public static final class Query extends ConsistentQueryBuilder<Session, Query> {
    Query(QuerySpec<Session> spec, String userId) {
      super(spec);
      partitionKey("UserId", USER_ID.encode(userId));
    }

    /**
     * A condition on {@code sessionId} ({@code SessionId}).
     */
    public StringSortKeyCondition<Query> sessionId() {
      return stringSortKey("SessionId");
    }

    /**
     * Narrows to items whose {@code sessionId} equals {@code sessionId}.
     */
    public QueryWithSessionId sessionId(String sessionId) {
      return new QueryWithSessionId(this, sessionId);
    }
  }

  /**
   * A query on the table narrowed by {@code sessionId}.
   */
  public static final class QueryWithSessionId extends ConsistentQueryBuilder<Session, QueryWithSessionId> {
    QueryWithSessionId(Query previous, String sessionId) {
      super(previous);
      sortKeyEquals("SessionId", SESSION_ID.encode(sessionId));
    }
  }

  /**
   * A query on index {@code ByDevice} with its partition key fixed.
   */
  public static final class ByDeviceQuery extends QueryBuilder<Session, ByDeviceQuery> {
    ByDeviceQuery(QuerySpec<Session> spec, String device) {
      super(spec);
      partitionKey("Device", DEVICE.encode(device));
    }
  }

  /**
   * A query on index {@code ByStarted} with its partition key fixed; narrow it by {@code startedAt}.
   */
  public static final class ByStartedQuery extends ConsistentQueryBuilder<Session, ByStartedQuery> {
    ByStartedQuery(QuerySpec<Session> spec, String userId) {
      super(spec);
      partitionKey("UserId", USER_ID.encode(userId));
    }

    /**
     * A condition on {@code startedAt} ({@code StartedAt}).
     */
    public SortKeyCondition<Instant, ByStartedQuery> startedAt() {
      return sortKey("StartedAt", STARTED_AT.codec());
    }

    /**
     * Narrows to items whose {@code startedAt} equals {@code startedAt}.
     */
    public ByStartedQueryWithStartedAt startedAt(Instant startedAt) {
      return new ByStartedQueryWithStartedAt(this, startedAt);
    }
  }

  /**
   * A query on index {@code ByStarted} narrowed by {@code startedAt}.
   */
  public static final class ByStartedQueryWithStartedAt extends ConsistentQueryBuilder<Session, ByStartedQueryWithStartedAt> {
    ByStartedQueryWithStartedAt(ByStartedQuery previous, Instant startedAt) {
      super(previous);
      sortKeyEquals("StartedAt", STARTED_AT.encode(startedAt));
    }
  }

  /**
   * How {@link Session} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Session> implements EntityMapping.Members<Session> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Session", "UserId", "SessionId", "Device", "StartedAt", "ExpiresAt");
    }

    @Override
    public void writeItem(Session e, ItemMap.Builder item) {
      writeString(item, "UserId", e.userId());
      writeString(item, "SessionId", e.sessionId());
      writeString(item, "Device", e.device());
      writeInstant(item, "StartedAt", e.startedAt());
      write(item, "ExpiresAt", e.expiresAt(), EpochSeconds.INSTANT);
    }

    @Override
    public Session fromItem(Map<String, AttributeValue> item) {
      return new Session(
        readString(item, 0, "UserId"),
        readString(item, 1, "SessionId"),
        readString(item, 2, "Device"),
        readInstant(item, 3, "StartedAt"),
        read(item, 4, "ExpiresAt", EpochSeconds.INSTANT));
    }

    @Override
    public Class<Session> memoizableType() {
      return Session.class;
    }

    @Override
    public @Nullable Object indexKeyField(Session e, int field) {
      return switch (field) {
        case 0 -> e.device();
        case 1 -> e.startedAt();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Session e, int attribute) {
      throw new IndexOutOfBoundsException(attribute);
    }
  }
}
