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
import io.partita.repository.Update;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The repository of {@link Product} in table {@code App}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class ProductRepository extends EntityRepository<Product> {
  /**
   * {@link Product#productId()} stored as {@code productId}: for conditions and partial updates.
   */
  public static final Field<Product, String> PRODUCT_ID = Field.<Product, String>of("productId", "productId", Codecs.STRING);

  /**
   * {@link Product#category()} stored as {@code category}: for conditions and partial updates.
   */
  public static final Field<Product, String> CATEGORY = Field.<Product, String>of("category", "category", Codecs.STRING);

  /**
   * {@link Product#priceCents()} stored as {@code priceCents}: for conditions and partial updates.
   */
  public static final Field<Product, Long> PRICE_CENTS = Field.<Product, Long>of("priceCents", "priceCents", Codecs.PRIMITIVE_LONG);

  /**
   * {@link Product#name()} stored as {@code name}: for conditions and partial updates.
   */
  public static final Field<Product, String> NAME = Field.<Product, String>of("name", "name", Codecs.STRING);

  /**
   * How {@link Product} maps to an item, without reflection.
   */
  public static final ItemSchema<Product> SCHEMA = Schema.INSTANCE;

  /**
   * The shared table, as {@link AppTableRepository#TABLE} declares it.
   */
  public static final TableDefinition TABLE = AppTableRepository.TABLE;

  /**
   * How {@link Product} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Product> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .computed("PK", 0, "productId")
    .computed("SK", 1)
    .computed("GSI1PK", 2, "category")
    .indexKey("GSI1", "category", "GSI1PK", 0, false)
    .computed("GSI1SK", 3, "priceCents")
    .discriminator("_type", "Product")
    .build();

  private ProductRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code App} if it does not exist.
   */
  public static ProductRepository of(Partita db) {
    return new ProductRepository(db);
  }

  /**
   * The key of the {@link Product} item with these key parts (for transactions, batches, updates).
   */
  public Key<Product> key(String productId) {
    return keyOf(AttributeValue.s(KeyFormat.join("PRODUCT#", KeyFormat.text(productId))), AttributeValue.s("PRODUCT"));
  }

  /**
   * The {@link Product} with these key parts, if stored.
   */
  public Optional<Product> get(String productId) {
    return getByKey(AttributeValue.s(KeyFormat.join("PRODUCT#", KeyFormat.text(productId))), AttributeValue.s("PRODUCT"));
  }

  /**
   * Deletes the {@link Product} with these key parts, if stored.
   */
  public void delete(String productId) {
    delete(key(productId));
  }

  /**
   * Starts a partial update of the {@link Product} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Product> update(String productId) {
    return update(key(productId));
  }

  /**
   * Queries the items of {@link Product} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String productId) {
    return new Query(tableQuery(), productId);
  }

  /**
   * Queries index {@code GSI1} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public ByCategoryQuery byCategory(String category) {
    return new ByCategoryQuery(indexQuery("GSI1"), category);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<Product, Query> {
    Query(QuerySpec<Product> spec, String productId) {
      super(spec);
      partitionKey("PK", AttributeValue.s(KeyFormat.join("PRODUCT#", KeyFormat.text(productId))));
    }
  }

  /**
   * A query on index {@code GSI1} with its partition key fixed; narrow it by {@code priceCents}.
   */
  public static final class ByCategoryQuery extends QueryBuilder<Product, ByCategoryQuery> {
    private final String prefix = "PRICE#";

    ByCategoryQuery(QuerySpec<Product> spec, String category) {
      super(spec);
      partitionKey("GSI1PK", AttributeValue.s(KeyFormat.join("CATEGORY#", KeyFormat.text(category))));
    }

    /**
     * A condition on the {@code priceCents} part of the sort key template {@code PRICE#{priceCents:sortable}}.
     */
    public SortKeyCondition<Long, ByCategoryQuery> priceCents() {
      return templateSortKey("GSI1SK", prefix, "", (Long v) -> KeyFormat.sortable(v), true);
    }
  }

  /**
   * How {@link Product} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Product> implements EntityMapping.Members<Product> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Product", "productId", "category", "priceCents", "name");
    }

    @Override
    public void writeItem(Product e, ItemMap.Builder item) {
      writeString(item, "productId", e.productId());
      writeString(item, "category", e.category());
      writeLong(item, "priceCents", e.priceCents());
      writeString(item, "name", e.name());
    }

    @Override
    public Product fromItem(Map<String, AttributeValue> item) {
      return new Product(
        readString(item, 0, "productId"),
        readString(item, 1, "category"),
        readLong(item, 2, "priceCents"),
        readString(item, 3, "name"));
    }

    @Override
    public Class<Product> memoizableType() {
      return Product.class;
    }

    @Override
    public @Nullable Object indexKeyField(Product e, int field) {
      return switch (field) {
        case 0 -> e.category();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Product e, int attribute) {
      return switch (attribute) {
        case 0 -> EntityMapping.Members.string(KeyFormat.join("PRODUCT#", KeyFormat.text(e.productId())));
        case 1 -> EntityMapping.Members.string("PRODUCT");
        case 2 -> EntityMapping.Members.string(KeyFormat.join("CATEGORY#", KeyFormat.text(e.category())));
        case 3 -> EntityMapping.Members.string(KeyFormat.join("PRICE#", KeyFormat.sortable(e.priceCents())));
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
