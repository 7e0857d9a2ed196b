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
 * The repository of {@link User} in table {@code App}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class UserRepository extends EntityRepository<User> {
  /**
   * {@link User#userId()} stored as {@code userId}: for conditions and partial updates.
   */
  public static final Field<User, String> USER_ID = Field.<User, String>of("userId", "userId", Codecs.STRING);

  /**
   * {@link User#email()} stored as {@code email}: for conditions and partial updates.
   */
  public static final Field<User, String> EMAIL = Field.<User, String>of("email", "email", Codecs.STRING);

  /**
   * {@link User#name()} stored as {@code name}: for conditions and partial updates.
   */
  public static final Field<User, String> NAME = Field.<User, String>of("name", "name", Codecs.STRING);

  /**
   * How {@link User} maps to an item, without reflection.
   */
  public static final ItemSchema<User> SCHEMA = Schema.INSTANCE;

  /**
   * The shared table, as {@link AppTableRepository#TABLE} declares it.
   */
  public static final TableDefinition TABLE = AppTableRepository.TABLE;

  /**
   * How {@link User} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<User> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .computed("PK", 0, "userId")
    .computed("SK", 1)
    .computed("GSI1PK", 2, "email")
    .indexKey("GSI1", "email", "GSI1PK", 0, false)
    .computed("GSI1SK", 3)
    .discriminator("_type", "User")
    .build();

  private UserRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code App} if it does not exist.
   */
  public static UserRepository of(Partita db) {
    return new UserRepository(db);
  }

  /**
   * The key of the {@link User} item with these key parts (for transactions, batches, updates).
   */
  public Key<User> key(String userId) {
    return keyOf(AttributeValue.s(KeyFormat.join("USER#", KeyFormat.text(userId))), AttributeValue.s("PROFILE"));
  }

  /**
   * The {@link User} with these key parts, if stored.
   */
  public Optional<User> get(String userId) {
    return getByKey(AttributeValue.s(KeyFormat.join("USER#", KeyFormat.text(userId))), AttributeValue.s("PROFILE"));
  }

  /**
   * Deletes the {@link User} with these key parts, if stored.
   */
  public void delete(String userId) {
    delete(key(userId));
  }

  /**
   * Starts a partial update of the {@link User} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<User> update(String userId) {
    return update(key(userId));
  }

  /**
   * Queries the items of {@link User} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String userId) {
    return new Query(tableQuery(), userId);
  }

  /**
   * Queries index {@code GSI1} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public ByEmailQuery byEmail(String email) {
    return new ByEmailQuery(indexQuery("GSI1"), email);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<User, Query> {
    Query(QuerySpec<User> spec, String userId) {
      super(spec);
      partitionKey("PK", AttributeValue.s(KeyFormat.join("USER#", KeyFormat.text(userId))));
    }
  }

  /**
   * A query on index {@code GSI1} with its partition key fixed.
   */
  public static final class ByEmailQuery extends QueryBuilder<User, ByEmailQuery> {
    ByEmailQuery(QuerySpec<User> spec, String email) {
      super(spec);
      partitionKey("GSI1PK", AttributeValue.s(KeyFormat.join("EMAIL#", KeyFormat.text(email))));
    }
  }

  /**
   * How {@link User} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<User> implements EntityMapping.Members<User> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("User", "userId", "email", "name");
    }

    @Override
    public void writeItem(User e, ItemMap.Builder item) {
      writeString(item, "userId", e.userId());
      writeString(item, "email", e.email());
      writeString(item, "name", e.name());
    }

    @Override
    public User fromItem(Map<String, AttributeValue> item) {
      return new User(
        readString(item, 0, "userId"),
        readString(item, 1, "email"),
        readString(item, 2, "name"));
    }

    @Override
    public Class<User> memoizableType() {
      return User.class;
    }

    @Override
    public @Nullable Object indexKeyField(User e, int field) {
      return switch (field) {
        case 0 -> e.email();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(User e, int attribute) {
      return switch (attribute) {
        case 0 -> EntityMapping.Members.string(KeyFormat.join("USER#", KeyFormat.text(e.userId())));
        case 1 -> EntityMapping.Members.string("PROFILE");
        case 2 -> EntityMapping.Members.string(KeyFormat.join("EMAIL#", KeyFormat.text(e.email())));
        case 3 -> EntityMapping.Members.string("USER");
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
