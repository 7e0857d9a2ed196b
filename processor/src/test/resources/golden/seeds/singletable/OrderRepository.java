package seeds.singletable;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.mapping.KeyFormat;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.SortKeyCondition;
import io.partita.repository.StringSortKeyCondition;
import io.partita.repository.Update;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The repository of {@link Order} in table {@code App}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class OrderRepository extends EntityRepository<Order> {
  /**
   * {@link Order#userId()} stored as {@code userId}: for conditions and partial updates.
   */
  public static final Field<Order, String> USER_ID = Field.<Order, String>of("userId", "userId", Codecs.STRING);

  /**
   * {@link Order#orderId()} stored as {@code orderId}: for conditions and partial updates.
   */
  public static final Field<Order, String> ORDER_ID = Field.<Order, String>of("orderId", "orderId", Codecs.STRING);

  /**
   * {@link Order#pendingSince()} stored as {@code pendingSince}: for conditions and partial updates.
   */
  public static final Field<Order, Instant> PENDING_SINCE = Field.<Order, Instant>of("pendingSince", "pendingSince", Codecs.INSTANT);

  /**
   * {@link Order#totalCents()} stored as {@code totalCents}: for conditions and partial updates.
   */
  public static final Field<Order, Long> TOTAL_CENTS = Field.<Order, Long>of("totalCents", "totalCents", Codecs.PRIMITIVE_LONG);

  /**
   * How {@link Order} maps to an item, without reflection.
   */
  public static final ItemSchema<Order> SCHEMA = Schema.INSTANCE;

  /**
   * The shared table, as {@link AppTableRepository#TABLE} declares it.
   */
  public static final TableDefinition TABLE = AppTableRepository.TABLE;

  /**
   * How {@link Order} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Order> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .computed("PK", 0, "userId")
    .computed("SK", 1, "orderId")
    .computed("GSI1PK", 2, "userId")
    .indexKey("GSI1", "userId", "GSI1PK", 0, false)
    .computed("GSI1SK", 3, "pendingSince")
    .indexKey("GSI1", "pendingSince", "GSI1SK", 1, true)
    .discriminator("_type", "Order")
    .build();

  private OrderRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code App} if it does not exist.
   */
  public static OrderRepository of(Partita db) {
    return new OrderRepository(db);
  }

  /**
   * The key of the {@link Order} item with these key parts (for transactions, batches, updates).
   */
  public Key<Order> key(String userId, String orderId) {
    return keyOf(AttributeValue.s(KeyFormat.join("USER#", KeyFormat.text(userId))), AttributeValue.s(KeyFormat.join("ORDER#", KeyFormat.text(orderId))));
  }

  /**
   * The {@link Order} with these key parts, if stored.
   */
  public Optional<Order> get(String userId, String orderId) {
    return getByKey(AttributeValue.s(KeyFormat.join("USER#", KeyFormat.text(userId))), AttributeValue.s(KeyFormat.join("ORDER#", KeyFormat.text(orderId))));
  }

  /**
   * Deletes the {@link Order} with these key parts, if stored.
   */
  public void delete(String userId, String orderId) {
    delete(key(userId, orderId));
  }

  /**
   * Starts a partial update of the {@link Order} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Order> update(String userId, String orderId) {
    return update(key(userId, orderId));
  }

  /**
   * Queries the items of {@link Order} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String userId) {
    return new Query(tableQuery(), userId);
  }

  /**
   * Queries index {@code GSI1} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public PendingOrdersQuery pendingOrders(String userId) {
    return new PendingOrdersQuery(indexQuery("GSI1"), userId);
  }

  /**
   * A query on the table with its partition key fixed; narrow it by {@code orderId}.
   */
  public static final class Query extends ConsistentQueryBuilder<Order, Query> {
    private final String prefix = "ORDER#";

    Query(QuerySpec<Order> spec, String userId) {
      super(spec);
      partitionKey("PK", AttributeValue.s(KeyFormat.join("USER#", KeyFormat.text(userId))));
    }

    /**
     * A condition on the {@code orderId} part of the sort key template {@code ORDER#{orderId}}.
     */
    public StringSortKeyCondition<Query> orderId() {
      return templateStringSortKey("SK", prefix, "");
    }
  }

  /**
   * A query on index {@code GSI1} with its partition key fixed; narrow it by {@code pendingSince}.
   */
  public static final class PendingOrdersQuery extends QueryBuilder<Order, PendingOrdersQuery> {
    private final String prefix = "";

    PendingOrdersQuery(QuerySpec<Order> spec, String userId) {
      super(spec);
      partitionKey("GSI1PK", AttributeValue.s(KeyFormat.join("PENDING#", KeyFormat.text(userId))));
    }

    /**
     * A condition on the {@code pendingSince} part of the sort key template {@code {pendingSince}}.
     */
    public SortKeyCondition<Instant, PendingOrdersQuery> pendingSince() {
      return templateSortKey("GSI1SK", prefix, "", (Instant v) -> KeyFormat.text(v), true);
    }
  }

  /**
   * How {@link Order} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Order> implements EntityMapping.Members<Order> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Order", "userId", "orderId", "pendingSince", "totalCents");
    }

    @Override
    public void writeItem(Order e, ItemMap.Builder item) {
      writeString(item, "userId", e.userId());
      writeString(item, "orderId", e.orderId());
      writeInstant(item, "pendingSince", e.pendingSince());
      writeLong(item, "totalCents", e.totalCents());
    }

    @Override
    public Order fromItem(Map<String, AttributeValue> item) {
      return new Order(
        readString(item, 0, "userId"),
        readString(item, 1, "orderId"),
        readInstant(item, 2, "pendingSince"),
        readLong(item, 3, "totalCents"));
    }

    @Override
    public Class<Order> memoizableType() {
      return Order.class;
    }

    @Override
    public @Nullable Object indexKeyField(Order e, int field) {
      return switch (field) {
        case 0 -> e.userId();
        case 1 -> e.pendingSince();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Order e, int attribute) {
      return switch (attribute) {
        case 0 -> EntityMapping.Members.string(KeyFormat.join("USER#", KeyFormat.text(e.userId())));
        case 1 -> EntityMapping.Members.string(KeyFormat.join("ORDER#", KeyFormat.text(e.orderId())));
        case 2 -> EntityMapping.Members.string(KeyFormat.join("PENDING#", KeyFormat.text(e.userId())));
        case 3 -> EntityMapping.Members.string(KeyFormat.join(KeyFormat.text(e.pendingSince())));
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
