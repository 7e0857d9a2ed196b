package seeds.directory;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.QueryBuilder;
import io.partita.repository.StringSortKeyCondition;
import io.partita.repository.Update;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The repository of {@link Business} in table {@code BusinessDirectory}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class BusinessRepository extends EntityRepository<Business> {
  /**
   * {@link Business#businessId()} stored as {@code businessId}: for conditions and partial updates.
   */
  public static final Field<Business, String> BUSINESS_ID = Field.<Business, String>of("businessId", "businessId", Codecs.STRING);

  /**
   * {@link Business#businessType()} stored as {@code businessType}: for conditions and partial updates.
   */
  public static final Field<Business, String> BUSINESS_TYPE = Field.<Business, String>of("businessType", "businessType", Codecs.STRING);

  /**
   * {@link Business#country()} stored as {@code country}: for conditions and partial updates.
   */
  public static final Field<Business, String> COUNTRY = Field.<Business, String>of("country", "country", Codecs.STRING);

  /**
   * {@link Business#state()} stored as {@code state}: for conditions and partial updates.
   */
  public static final Field<Business, String> STATE = Field.<Business, String>of("state", "state", Codecs.STRING);

  /**
   * {@link Business#city()} stored as {@code city}: for conditions and partial updates.
   */
  public static final Field<Business, String> CITY = Field.<Business, String>of("city", "city", Codecs.STRING);

  /**
   * {@link Business#name()} stored as {@code name}: for conditions and partial updates.
   */
  public static final Field<Business, String> NAME = Field.<Business, String>of("name", "name", Codecs.STRING);

  /**
   * {@link Business#phone()} stored as {@code phone}: for conditions and partial updates.
   */
  public static final Field<Business, String> PHONE = Field.<Business, String>of("phone", "phone", Codecs.STRING);

  /**
   * {@link Business#address()} stored as {@code address}: for conditions and partial updates.
   */
  public static final Field<Business, String> ADDRESS = Field.<Business, String>of("address", "address", Codecs.STRING);

  /**
   * How {@link Business} maps to an item, without reflection.
   */
  public static final ItemSchema<Business> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("BusinessDirectory")
    .partitionKey(KeyAttribute.s("businessId"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("ByLocation", List.of(KeyAttribute.s("businessType")), List.of(KeyAttribute.s("country"), KeyAttribute.s("state"), KeyAttribute.s("city")), Projection.include("name", "phone")))
    .build();

  /**
   * How {@link Business} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Business> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("ByLocation", "businessType", "businessType", 0, false)
    .indexKey("ByLocation", "country", "country", 1, false)
    .indexKey("ByLocation", "state", "state", 2, false)
    .indexKey("ByLocation", "city", "city", 3, false)
    .build();

  private BusinessRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code BusinessDirectory} if it does not exist.
   */
  public static BusinessRepository of(Partita db) {
    return new BusinessRepository(db);
  }

  /**
   * The key of the {@link Business} item with these key parts (for transactions, batches, updates).
   */
  public Key<Business> key(String businessId) {
    return keyOf(BUSINESS_ID.encode(businessId));
  }

  /**
   * The {@link Business} with these key parts, if stored.
   */
  public Optional<Business> get(String businessId) {
    return getByKey(BUSINESS_ID.encode(businessId));
  }

  /**
   * Deletes the {@link Business} with these key parts, if stored.
   */
  public void delete(String businessId) {
    delete(key(businessId));
  }

  /**
   * Starts a partial update of the {@link Business} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Business> update(String businessId) {
    return update(key(businessId));
  }

  /**
   * Queries the items of {@link Business} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String businessId) {
    return new Query(tableQuery(), businessId);
  }

  /**
   * Queries index {@code ByLocation} (GSI, projection INCLUDE); narrow by its sort key, then call a terminal.
   */
  public ByLocationQuery byLocation(String businessType) {
    return new ByLocationQuery(indexQuery("ByLocation", BusinessByLocationView.SCHEMA), businessType);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<Business, Query> {
    Query(QuerySpec<Business> spec, String businessId) {
      super(spec);
      partitionKey("businessId", BUSINESS_ID.encode(businessId));
    }
  }

  /**
   * A query on index {@code ByLocation} with its partition key fixed; narrow it by {@code country}.
   */
  public static final class ByLocationQuery extends QueryBuilder<BusinessByLocationView, ByLocationQuery> {
    ByLocationQuery(QuerySpec<BusinessByLocationView> spec, String businessType) {
      super(spec);
      partitionKey("businessType", BUSINESS_TYPE.encode(businessType));
    }

    /**
     * A condition on {@code country} ({@code country}).
     */
    public StringSortKeyCondition<ByLocationQuery> country() {
      return stringSortKey("country");
    }

    /**
     * Narrows to items whose {@code country} equals {@code country}.
     */
    public ByLocationQueryWithCountry country(String country) {
      return new ByLocationQueryWithCountry(this, country);
    }
  }

  /**
   * A query on index {@code ByLocation} narrowed by {@code country}; narrow it further by {@code state}.
   */
  public static final class ByLocationQueryWithCountry extends QueryBuilder<BusinessByLocationView, ByLocationQueryWithCountry> {
    ByLocationQueryWithCountry(ByLocationQuery previous, String country) {
      super(previous);
      sortKeyEquals("country", COUNTRY.encode(country));
    }

    /**
     * A condition on {@code state} ({@code state}).
     */
    public StringSortKeyCondition<ByLocationQueryWithCountry> state() {
      return stringSortKey("state");
    }

    /**
     * Narrows to items whose {@code state} equals {@code state}.
     */
    public ByLocationQueryWithState state(String state) {
      return new ByLocationQueryWithState(this, state);
    }
  }

  /**
   * A query on index {@code ByLocation} narrowed by {@code state}; narrow it further by {@code city}.
   */
  public static final class ByLocationQueryWithState extends QueryBuilder<BusinessByLocationView, ByLocationQueryWithState> {
    ByLocationQueryWithState(ByLocationQueryWithCountry previous, String state) {
      super(previous);
      sortKeyEquals("state", STATE.encode(state));
    }

    /**
     * A condition on {@code city} ({@code city}).
     */
    public StringSortKeyCondition<ByLocationQueryWithState> city() {
      return stringSortKey("city");
    }

    /**
     * Narrows to items whose {@code city} equals {@code city}.
     */
    public ByLocationQueryWithCity city(String city) {
      return new ByLocationQueryWithCity(this, city);
    }
  }

  /**
   * A query on index {@code ByLocation} narrowed by {@code city}.
   */
  public static final class ByLocationQueryWithCity extends QueryBuilder<BusinessByLocationView, ByLocationQueryWithCity> {
    ByLocationQueryWithCity(ByLocationQueryWithState previous, String city) {
      super(previous);
      sortKeyEquals("city", CITY.encode(city));
    }
  }

  /**
   * How {@link Business} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Business> implements EntityMapping.Members<Business> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Business", "businessId", "businessType", "country", "state", "city", "name", "phone", "address");
    }

    @Override
    public void writeItem(Business e, ItemMap.Builder item) {
      writeString(item, "businessId", e.businessId());
      writeString(item, "businessType", e.businessType());
      writeString(item, "country", e.country());
      writeString(item, "state", e.state());
      writeString(item, "city", e.city());
      writeString(item, "name", e.name());
      writeString(item, "phone", e.phone());
      writeString(item, "address", e.address());
    }

    @Override
    public Business fromItem(Map<String, AttributeValue> item) {
      return new Business(
        readString(item, 0, "businessId"),
        readString(item, 1, "businessType"),
        readString(item, 2, "country"),
        readString(item, 3, "state"),
        readString(item, 4, "city"),
        readString(item, 5, "name"),
        readString(item, 6, "phone"),
        readString(item, 7, "address"));
    }

    @Override
    public Class<Business> memoizableType() {
      return Business.class;
    }

    @Override
    public @Nullable Object indexKeyField(Business e, int field) {
      return switch (field) {
        case 0 -> e.businessType();
        case 1 -> e.country();
        case 2 -> e.state();
        case 3 -> e.city();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Business e, int attribute) {
      throw new IndexOutOfBoundsException(attribute);
    }
  }
}
