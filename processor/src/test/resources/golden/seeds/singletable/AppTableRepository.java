package seeds.singletable;

import io.partita.Partita;
import io.partita.generated.QuerySpec;
import io.partita.mapping.ItemDecoder;
import io.partita.mapping.KeyFormat;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.StringSortKeyCondition;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The shared table {@link AppTable} ("App"): its definition and its item-collection queries, which return every
 * entity type of one partition, each decoded to its class by the {@code _type} attribute.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class AppTableRepository {
  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("App")
    .partitionKey(KeyAttribute.s("PK"))
    .sortKey(KeyAttribute.s("SK"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("GSI1", List.of(KeyAttribute.s("GSI1PK")), List.of(KeyAttribute.s("GSI1SK")), Projection.all()))
    .build();

  private static final ItemDecoder<Object> DECODER = AppTableRepository::decode;

  private final Partita db;

  private AppTableRepository(Partita db) {
    this.db = db;
  }

  /**
   * Opens the table on {@code db}, creating it if it does not exist.
   */
  public static AppTableRepository of(Partita db) {
    db.createTableIfMissing(TABLE);
    return new AppTableRepository(db);
  }

  /**
   * The table's definition.
   */
  public TableDefinition tableDefinition() {
    return TABLE;
  }

  /**
   * The entity an item holds, by its discriminator; null for an unknown type.
   */
  public static @Nullable Object decode(Map<String, AttributeValue> item) {
    AttributeValue type = item.get("_type");
    if (!(type instanceof AttributeValue.S s)) {
      return null;
    }
    return switch (s.value()) {
      case "User" -> UserRepository.MAPPING.fromItem(item);
      case "Order" -> OrderRepository.MAPPING.fromItem(item);
      case "Product" -> ProductRepository.MAPPING.fromItem(item);
      case "Ticket" -> TicketRepository.MAPPING.fromItem(item);
      default -> null;
    } ;
  }

  /**
   * The item collection "USER#{userId}": every item of one partition, of types {@link User}, {@link Order}, in sort-key order.
   */
  public UserCollectionQuery userCollection(String userId) {
    return new UserCollectionQuery(QuerySpec.of(db.requests(), TABLE, null, DECODER, null, true, db.gatherOptions()), KeyFormat.join("USER#", KeyFormat.text(userId)));
  }

  /**
   * The item collection "PRODUCT#{productId}": every item of one partition, of types {@link Product}, in sort-key order.
   */
  public ProductCollectionQuery productCollection(String productId) {
    return new ProductCollectionQuery(QuerySpec.of(db.requests(), TABLE, null, DECODER, null, true, db.gatherOptions()), KeyFormat.join("PRODUCT#", KeyFormat.text(productId)));
  }

  /**
   * The item collection "TICKET#{ticketId}": every item of one partition, of types {@link Ticket}, in sort-key order.
   */
  public TicketCollectionQuery ticketCollection(String ticketId) {
    return new TicketCollectionQuery(QuerySpec.of(db.requests(), TABLE, null, DECODER, null, true, db.gatherOptions()), KeyFormat.join("TICKET#", KeyFormat.text(ticketId)));
  }

  /**
   * Query on the item collection "USER#{userId}"; the sort key {@code SK} may narrow it.
   */
  public static final class UserCollectionQuery extends ConsistentQueryBuilder<Object, UserCollectionQuery> {
    UserCollectionQuery(QuerySpec<Object> spec, String partition) {
      super(spec);
      partitionKey("PK", AttributeValue.s(partition));
    }

    /**
     * A condition on the raw sort key {@code SK}.
     */
    public StringSortKeyCondition<UserCollectionQuery> sortKey() {
      return stringSortKey("SK");
    }
  }

  /**
   * Query on the item collection "PRODUCT#{productId}"; the sort key {@code SK} may narrow it.
   */
  public static final class ProductCollectionQuery extends ConsistentQueryBuilder<Object, ProductCollectionQuery> {
    ProductCollectionQuery(QuerySpec<Object> spec, String partition) {
      super(spec);
      partitionKey("PK", AttributeValue.s(partition));
    }

    /**
     * A condition on the raw sort key {@code SK}.
     */
    public StringSortKeyCondition<ProductCollectionQuery> sortKey() {
      return stringSortKey("SK");
    }
  }

  /**
   * Query on the item collection "TICKET#{ticketId}"; the sort key {@code SK} may narrow it.
   */
  public static final class TicketCollectionQuery extends ConsistentQueryBuilder<Object, TicketCollectionQuery> {
    TicketCollectionQuery(QuerySpec<Object> spec, String partition) {
      super(spec);
      partitionKey("PK", AttributeValue.s(partition));
    }

    /**
     * A condition on the raw sort key {@code SK}.
     */
    public StringSortKeyCondition<TicketCollectionQuery> sortKey() {
      return stringSortKey("SK");
    }
  }
}
