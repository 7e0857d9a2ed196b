package seeds.orders;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.generated.Shards;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.AttributeCodec;
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
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The repository of {@link Order} in table {@code Orders}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class OrderRepository extends EntityRepository<Order> {
  /**
   * {@link Order#orderId()} stored as {@code OrderId}: for conditions and partial updates.
   */
  public static final Field<Order, String> ORDER_ID = Field.<Order, String>of("OrderId", "orderId", Codecs.STRING);

  /**
   * {@link Order#customerId()} stored as {@code CustomerId}: for conditions and partial updates.
   */
  public static final Field<Order, String> CUSTOMER_ID = Field.<Order, String>of("CustomerId", "customerId", Codecs.STRING);

  /**
   * {@link Order#orderDate()} stored as {@code OrderDate}: for conditions and partial updates.
   */
  public static final Field<Order, LocalDate> ORDER_DATE = Field.<Order, LocalDate>of("OrderDate", "orderDate", Codecs.LOCAL_DATE);

  /**
   * {@link Order#status()} stored as {@code Status}: for conditions and partial updates.
   */
  public static final Field<Order, OrderStatus> STATUS = Field.<Order, OrderStatus>of("Status", "status", Codecs.enumeration(OrderStatus.values()));

  /**
   * {@link Order#pendingSince()} stored as {@code PendingSince}: for conditions and partial updates.
   */
  public static final Field<Order, Instant> PENDING_SINCE = Field.<Order, Instant>of("PendingSince", "pendingSince", Codecs.INSTANT);

  /**
   * {@link Order#total()} stored as {@code Total}: for conditions and partial updates.
   */
  public static final Field<Order, BigDecimal> TOTAL = Field.<Order, BigDecimal>of("Total", "total", Codecs.BIG_DECIMAL);

  /**
   * How {@link Order} maps to an item, without reflection.
   */
  public static final ItemSchema<Order> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("Orders")
    .partitionKey(KeyAttribute.s("OrderId"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("CustomerOrdersIndex", List.of(KeyAttribute.s("CustomerId")), List.of(KeyAttribute.s("OrderDate")), Projection.all()))
    .globalSecondaryIndex(new GlobalSecondaryIndex("CustomerStatusIndex", List.of(KeyAttribute.s("CustomerId")), List.of(KeyAttribute.s("Status"), KeyAttribute.s("OrderDate")), Projection.all()))
    .globalSecondaryIndex(new GlobalSecondaryIndex("PendingIndex", List.of(KeyAttribute.s("CustomerId")), List.of(KeyAttribute.s("PendingSince")), Projection.all()))
    .globalSecondaryIndex(new GlobalSecondaryIndex("StatusIndex", List.of(KeyAttribute.s("Status"), KeyAttribute.n("StatusIndex_shard")), List.of(KeyAttribute.s("OrderDate")), Projection.all()))
    .build();

  /**
   * How {@link Order} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Order> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("CustomerOrdersIndex", "customerId", "CustomerId", 0, false)
    .indexKey("CustomerOrdersIndex", "orderDate", "OrderDate", 1, false)
    .indexKey("CustomerStatusIndex", "customerId", "CustomerId", 0, false)
    .indexKey("CustomerStatusIndex", "status", "Status", 2, false)
    .indexKey("CustomerStatusIndex", "orderDate", "OrderDate", 1, false)
    .indexKey("PendingIndex", "customerId", "CustomerId", 0, false)
    .indexKey("PendingIndex", "pendingSince", "PendingSince", 3, true)
    .indexKey("StatusIndex", "status", "Status", 2, false)
    .computed("StatusIndex_shard", 0, "OrderId")
    .indexKey("StatusIndex", "orderDate", "OrderDate", 1, false)
    .build();

  private OrderRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code Orders} if it does not exist.
   */
  public static OrderRepository of(Partita db) {
    return new OrderRepository(db);
  }

  /**
   * The key of the {@link Order} item with these key parts (for transactions, batches, updates).
   */
  public Key<Order> key(String orderId) {
    return keyOf(ORDER_ID.encode(orderId));
  }

  /**
   * The {@link Order} with these key parts, if stored.
   */
  public Optional<Order> get(String orderId) {
    return getByKey(ORDER_ID.encode(orderId));
  }

  /**
   * Deletes the {@link Order} with these key parts, if stored.
   */
  public void delete(String orderId) {
    delete(key(orderId));
  }

  /**
   * Starts a partial update of the {@link Order} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Order> update(String orderId) {
    return update(key(orderId));
  }

  /**
   * Queries the items of {@link Order} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String orderId) {
    return new Query(tableQuery(), orderId);
  }

  /**
   * Queries index {@code CustomerOrdersIndex} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public CustomerOrdersIndexQuery customerOrdersIndex(String customerId) {
    return new CustomerOrdersIndexQuery(indexQuery("CustomerOrdersIndex"), customerId);
  }

  /**
   * Queries index {@code CustomerStatusIndex} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public CustomerStatusIndexQuery customerStatusIndex(String customerId) {
    return new CustomerStatusIndexQuery(indexQuery("CustomerStatusIndex"), customerId);
  }

  /**
   * Queries index {@code PendingIndex} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public PendingIndexQuery pendingIndex(String customerId) {
    return new PendingIndexQuery(indexQuery("PendingIndex"), customerId);
  }

  /**
   * Queries index {@code StatusIndex} (GSI, projection ALL), gathering its 10 shards; narrow by its sort key, then call a terminal.
   */
  public StatusIndexQuery statusIndex(OrderStatus status) {
    return new StatusIndexQuery(indexQuery("StatusIndex"), status);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<Order, Query> {
    Query(QuerySpec<Order> spec, String orderId) {
      super(spec);
      partitionKey("OrderId", ORDER_ID.encode(orderId));
    }
  }

  /**
   * A query on index {@code CustomerOrdersIndex} with its partition key fixed; narrow it by {@code orderDate}.
   */
  public static final class CustomerOrdersIndexQuery extends QueryBuilder<Order, CustomerOrdersIndexQuery> {
    CustomerOrdersIndexQuery(QuerySpec<Order> spec, String customerId) {
      super(spec);
      partitionKey("CustomerId", CUSTOMER_ID.encode(customerId));
    }

    /**
     * A condition on {@code orderDate} ({@code OrderDate}).
     */
    public SortKeyCondition<LocalDate, CustomerOrdersIndexQuery> orderDate() {
      return sortKey("OrderDate", ORDER_DATE.codec());
    }

    /**
     * Narrows to items whose {@code orderDate} equals {@code orderDate}.
     */
    public CustomerOrdersIndexQueryWithOrderDate orderDate(LocalDate orderDate) {
      return new CustomerOrdersIndexQueryWithOrderDate(this, orderDate);
    }
  }

  /**
   * A query on index {@code CustomerOrdersIndex} narrowed by {@code orderDate}.
   */
  public static final class CustomerOrdersIndexQueryWithOrderDate extends QueryBuilder<Order, CustomerOrdersIndexQueryWithOrderDate> {
    CustomerOrdersIndexQueryWithOrderDate(CustomerOrdersIndexQuery previous, LocalDate orderDate) {
      super(previous);
      sortKeyEquals("OrderDate", ORDER_DATE.encode(orderDate));
    }
  }

  /**
   * A query on index {@code CustomerStatusIndex} with its partition key fixed; narrow it by {@code status}.
   */
  public static final class CustomerStatusIndexQuery extends QueryBuilder<Order, CustomerStatusIndexQuery> {
    CustomerStatusIndexQuery(QuerySpec<Order> spec, String customerId) {
      super(spec);
      partitionKey("CustomerId", CUSTOMER_ID.encode(customerId));
    }

    /**
     * A condition on {@code status} ({@code Status}).
     */
    public SortKeyCondition<OrderStatus, CustomerStatusIndexQuery> status() {
      return sortKey("Status", STATUS.codec());
    }

    /**
     * Narrows to items whose {@code status} equals {@code status}.
     */
    public CustomerStatusIndexQueryWithStatus status(OrderStatus status) {
      return new CustomerStatusIndexQueryWithStatus(this, status);
    }
  }

  /**
   * A query on index {@code CustomerStatusIndex} narrowed by {@code status}; narrow it further by {@code orderDate}.
   */
  public static final class CustomerStatusIndexQueryWithStatus extends QueryBuilder<Order, CustomerStatusIndexQueryWithStatus> {
    CustomerStatusIndexQueryWithStatus(CustomerStatusIndexQuery previous, OrderStatus status) {
      super(previous);
      sortKeyEquals("Status", STATUS.encode(status));
    }

    /**
     * A condition on {@code orderDate} ({@code OrderDate}).
     */
    public SortKeyCondition<LocalDate, CustomerStatusIndexQueryWithStatus> orderDate() {
      return sortKey("OrderDate", ORDER_DATE.codec());
    }

    /**
     * Narrows to items whose {@code orderDate} equals {@code orderDate}.
     */
    public CustomerStatusIndexQueryWithOrderDate orderDate(LocalDate orderDate) {
      return new CustomerStatusIndexQueryWithOrderDate(this, orderDate);
    }
  }

  /**
   * A query on index {@code CustomerStatusIndex} narrowed by {@code orderDate}.
   */
  public static final class CustomerStatusIndexQueryWithOrderDate extends QueryBuilder<Order, CustomerStatusIndexQueryWithOrderDate> {
    CustomerStatusIndexQueryWithOrderDate(CustomerStatusIndexQueryWithStatus previous,
        LocalDate orderDate) {
      super(previous);
      sortKeyEquals("OrderDate", ORDER_DATE.encode(orderDate));
    }
  }

  /**
   * A query on index {@code PendingIndex} with its partition key fixed; narrow it by {@code pendingSince}.
   */
  public static final class PendingIndexQuery extends QueryBuilder<Order, PendingIndexQuery> {
    PendingIndexQuery(QuerySpec<Order> spec, String customerId) {
      super(spec);
      partitionKey("CustomerId", CUSTOMER_ID.encode(customerId));
    }

    /**
     * A condition on {@code pendingSince} ({@code PendingSince}).
     */
    public SortKeyCondition<Instant, PendingIndexQuery> pendingSince() {
      return sortKey("PendingSince", PENDING_SINCE.codec());
    }

    /**
     * Narrows to items whose {@code pendingSince} equals {@code pendingSince}.
     */
    public PendingIndexQueryWithPendingSince pendingSince(Instant pendingSince) {
      return new PendingIndexQueryWithPendingSince(this, pendingSince);
    }
  }

  /**
   * A query on index {@code PendingIndex} narrowed by {@code pendingSince}.
   */
  public static final class PendingIndexQueryWithPendingSince extends QueryBuilder<Order, PendingIndexQueryWithPendingSince> {
    PendingIndexQueryWithPendingSince(PendingIndexQuery previous, Instant pendingSince) {
      super(previous);
      sortKeyEquals("PendingSince", PENDING_SINCE.encode(pendingSince));
    }
  }

  /**
   * A query on index {@code StatusIndex} with its partition key fixed; narrow it by {@code orderDate}.
   */
  public static final class StatusIndexQuery extends QueryBuilder<Order, StatusIndexQuery> {
    StatusIndexQuery(QuerySpec<Order> spec, OrderStatus status) {
      super(spec);
      partitionKey("Status", STATUS.encode(status));
      scatter("StatusIndex_shard", Shards.numbers(10));
    }

    /**
     * A condition on {@code orderDate} ({@code OrderDate}).
     */
    public SortKeyCondition<LocalDate, StatusIndexQuery> orderDate() {
      return sortKey("OrderDate", ORDER_DATE.codec());
    }

    /**
     * Narrows to items whose {@code orderDate} equals {@code orderDate}.
     */
    public StatusIndexQueryWithOrderDate orderDate(LocalDate orderDate) {
      return new StatusIndexQueryWithOrderDate(this, orderDate);
    }
  }

  /**
   * A query on index {@code StatusIndex} narrowed by {@code orderDate}.
   */
  public static final class StatusIndexQueryWithOrderDate extends QueryBuilder<Order, StatusIndexQueryWithOrderDate> {
    StatusIndexQueryWithOrderDate(StatusIndexQuery previous, LocalDate orderDate) {
      super(previous);
      sortKeyEquals("OrderDate", ORDER_DATE.encode(orderDate));
    }
  }

  /**
   * How {@link Order} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Order> implements EntityMapping.Members<Order> {
    static final Schema INSTANCE = new Schema();

    private static final AttributeCodec<OrderStatus> STATUS_CODEC = Codecs.enumeration(OrderStatus.values());

    private Schema() {
      super("Order", "OrderId", "CustomerId", "OrderDate", "Status", "PendingSince", "Total");
    }

    @Override
    public void writeItem(Order e, ItemMap.Builder item) {
      writeString(item, "OrderId", e.orderId());
      writeString(item, "CustomerId", e.customerId());
      write(item, "OrderDate", e.orderDate(), Codecs.LOCAL_DATE);
      write(item, "Status", e.status(), STATUS_CODEC);
      writeInstant(item, "PendingSince", e.pendingSince());
      writeBigDecimal(item, "Total", e.total());
    }

    @Override
    public Order fromItem(Map<String, AttributeValue> item) {
      return new Order(
        readString(item, 0, "OrderId"),
        readString(item, 1, "CustomerId"),
        read(item, 2, "OrderDate", Codecs.LOCAL_DATE),
        read(item, 3, "Status", STATUS_CODEC),
        readInstant(item, 4, "PendingSince"),
        readBigDecimal(item, 5, "Total"));
    }

    @Override
    public Class<Order> memoizableType() {
      return Order.class;
    }

    @Override
    public @Nullable Object indexKeyField(Order e, int field) {
      return switch (field) {
        case 0 -> e.customerId();
        case 1 -> e.orderDate();
        case 2 -> e.status();
        case 3 -> e.pendingSince();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Order e, int attribute) {
      return switch (attribute) {
        case 0 -> AttributeValue.n(Shards.of(KeyFormat.text(e.orderId()), 10));
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
