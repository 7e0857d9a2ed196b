package seeds.library;

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
 * The repository of {@link Holding} in table {@code Holdings}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class HoldingRepository extends EntityRepository<Holding> {
  /**
   * {@link Holding#holdingId()} stored as {@code holdingId}: for conditions and partial updates.
   */
  public static final Field<Holding, String> HOLDING_ID = Field.<Holding, String>of("holdingId", "holdingId", Codecs.STRING);

  /**
   * {@link Holding#branch()} stored as {@code branch}: for conditions and partial updates.
   */
  public static final Field<Holding, String> BRANCH = Field.<Holding, String>of("branch", "branch", Codecs.STRING);

  /**
   * {@link Holding#genre()} stored as {@code genre}: for conditions and partial updates.
   */
  public static final Field<Holding, String> GENRE = Field.<Holding, String>of("genre", "genre", Codecs.STRING);

  /**
   * {@link Holding#shelf()} stored as {@code shelf}: for conditions and partial updates.
   */
  public static final Field<Holding, String> SHELF = Field.<Holding, String>of("shelf", "shelf", Codecs.STRING);

  /**
   * {@link Holding#year()} stored as {@code year}: for conditions and partial updates.
   */
  public static final Field<Holding, Integer> YEAR = Field.<Holding, Integer>of("year", "year", Codecs.PRIMITIVE_INT);

  /**
   * {@link Holding#title()} stored as {@code title}: for conditions and partial updates.
   */
  public static final Field<Holding, String> TITLE = Field.<Holding, String>of("title", "title", Codecs.STRING);

  /**
   * How {@link Holding} maps to an item, without reflection.
   */
  public static final ItemSchema<Holding> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("Holdings")
    .partitionKey(KeyAttribute.s("holdingId"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("ByBranchGenre", List.of(KeyAttribute.s("branch"), KeyAttribute.s("genre")), List.of(KeyAttribute.n("year")), Projection.all()))
    .globalSecondaryIndex(new GlobalSecondaryIndex("ByShelf", List.of(KeyAttribute.s("branch"), KeyAttribute.s("shelf"), KeyAttribute.n("ByShelf_shard")), List.of(KeyAttribute.s("title")), Projection.all()))
    .build();

  /**
   * How {@link Holding} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Holding> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("ByBranchGenre", "branch", "branch", 0, false)
    .indexKey("ByBranchGenre", "genre", "genre", 1, false)
    .indexKey("ByShelf", "branch", "branch", 0, false)
    .indexKey("ByShelf", "shelf", "shelf", 2, false)
    .computed("ByShelf_shard", 0, "holdingId")
    .indexKey("ByShelf", "title", "title", 3, false)
    .build();

  private HoldingRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code Holdings} if it does not exist.
   */
  public static HoldingRepository of(Partita db) {
    return new HoldingRepository(db);
  }

  /**
   * The key of the {@link Holding} item with these key parts (for transactions, batches, updates).
   */
  public Key<Holding> key(String holdingId) {
    return keyOf(HOLDING_ID.encode(holdingId));
  }

  /**
   * The {@link Holding} with these key parts, if stored.
   */
  public Optional<Holding> get(String holdingId) {
    return getByKey(HOLDING_ID.encode(holdingId));
  }

  /**
   * Deletes the {@link Holding} with these key parts, if stored.
   */
  public void delete(String holdingId) {
    delete(key(holdingId));
  }

  /**
   * Starts a partial update of the {@link Holding} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Holding> update(String holdingId) {
    return update(key(holdingId));
  }

  /**
   * Queries the items of {@link Holding} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String holdingId) {
    return new Query(tableQuery(), holdingId);
  }

  /**
   * Queries index {@code ByBranchGenre} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   * Give the partition-key parts in key order ({@code branch}, {@code genre}); each step is its own type.
   */
  public ByBranchGenrePartition byBranchGenre() {
    return new ByBranchGenrePartition(indexQuery("ByBranchGenre"));
  }

  /**
   * Queries index {@code ByShelf} (GSI, projection ALL), gathering its 4 shards; narrow by its sort key, then call a terminal.
   * Give the partition-key parts in key order ({@code branch}, {@code shelf}); each step is its own type.
   */
  public ByShelfPartition byShelf() {
    return new ByShelfPartition(indexQuery("ByShelf"));
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<Holding, Query> {
    Query(QuerySpec<Holding> spec, String holdingId) {
      super(spec);
      partitionKey("holdingId", HOLDING_ID.encode(holdingId));
    }
  }

  /**
   * The partition key of index {@code ByBranchGenre}, part by part in key order ({@code branch}, {@code genre}).
   */
  public static final class ByBranchGenrePartition {
    private final QuerySpec<Holding> spec;

    ByBranchGenrePartition(QuerySpec<Holding> spec) {
      this.spec = spec;
    }

    /**
     * Fixes partition-key part {@code branch}.
     */
    public ByBranchGenrePartitionWithBranch branch(String branch) {
      return new ByBranchGenrePartitionWithBranch(spec, branch);
    }
  }

  /**
   * The partition key of index {@code ByBranchGenre}, part by part in key order ({@code branch}, {@code genre}); next {@code genre}.
   */
  public static final class ByBranchGenrePartitionWithBranch {
    private final QuerySpec<Holding> spec;

    private final String branch;

    ByBranchGenrePartitionWithBranch(QuerySpec<Holding> spec, String branch) {
      this.spec = spec;
      this.branch = branch;
    }

    /**
     * Fixes {@code genre}, the last partition-key part: narrow by the sort key, or call a terminal.
     */
    public ByBranchGenreQuery genre(String genre) {
      return new ByBranchGenreQuery(spec, branch, genre);
    }
  }

  /**
   * A query on index {@code ByBranchGenre} with its partition key fixed; narrow it by {@code year}.
   */
  public static final class ByBranchGenreQuery extends QueryBuilder<Holding, ByBranchGenreQuery> {
    ByBranchGenreQuery(QuerySpec<Holding> spec, String branch, String genre) {
      super(spec);
      partitionKey("branch", BRANCH.encode(branch));
      partitionKey("genre", GENRE.encode(genre));
    }

    /**
     * A condition on {@code year} ({@code year}).
     */
    public SortKeyCondition<Integer, ByBranchGenreQuery> year() {
      return sortKey("year", YEAR.codec());
    }

    /**
     * Narrows to items whose {@code year} equals {@code year}.
     */
    public ByBranchGenreQueryWithYear year(int year) {
      return new ByBranchGenreQueryWithYear(this, year);
    }
  }

  /**
   * A query on index {@code ByBranchGenre} narrowed by {@code year}.
   */
  public static final class ByBranchGenreQueryWithYear extends QueryBuilder<Holding, ByBranchGenreQueryWithYear> {
    ByBranchGenreQueryWithYear(ByBranchGenreQuery previous, int year) {
      super(previous);
      sortKeyEquals("year", YEAR.encode(year));
    }
  }

  /**
   * The partition key of index {@code ByShelf}, part by part in key order ({@code branch}, {@code shelf}).
   */
  public static final class ByShelfPartition {
    private final QuerySpec<Holding> spec;

    ByShelfPartition(QuerySpec<Holding> spec) {
      this.spec = spec;
    }

    /**
     * Fixes partition-key part {@code branch}.
     */
    public ByShelfPartitionWithBranch branch(String branch) {
      return new ByShelfPartitionWithBranch(spec, branch);
    }
  }

  /**
   * The partition key of index {@code ByShelf}, part by part in key order ({@code branch}, {@code shelf}); next {@code shelf}.
   */
  public static final class ByShelfPartitionWithBranch {
    private final QuerySpec<Holding> spec;

    private final String branch;

    ByShelfPartitionWithBranch(QuerySpec<Holding> spec, String branch) {
      this.spec = spec;
      this.branch = branch;
    }

    /**
     * Fixes {@code shelf}, the last partition-key part: narrow by the sort key, or call a terminal.
     */
    public ByShelfQuery shelf(String shelf) {
      return new ByShelfQuery(spec, branch, shelf);
    }
  }

  /**
   * A query on index {@code ByShelf} with its partition key fixed; narrow it by {@code title}.
   */
  public static final class ByShelfQuery extends QueryBuilder<Holding, ByShelfQuery> {
    ByShelfQuery(QuerySpec<Holding> spec, String branch, String shelf) {
      super(spec);
      partitionKey("branch", BRANCH.encode(branch));
      partitionKey("shelf", SHELF.encode(shelf));
      scatter("ByShelf_shard", Shards.numbers(4));
    }

    /**
     * A condition on {@code title} ({@code title}).
     */
    public StringSortKeyCondition<ByShelfQuery> title() {
      return stringSortKey("title");
    }

    /**
     * Narrows to items whose {@code title} equals {@code title}.
     */
    public ByShelfQueryWithTitle title(String title) {
      return new ByShelfQueryWithTitle(this, title);
    }
  }

  /**
   * A query on index {@code ByShelf} narrowed by {@code title}.
   */
  public static final class ByShelfQueryWithTitle extends QueryBuilder<Holding, ByShelfQueryWithTitle> {
    ByShelfQueryWithTitle(ByShelfQuery previous, String title) {
      super(previous);
      sortKeyEquals("title", TITLE.encode(title));
    }
  }

  /**
   * How {@link Holding} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Holding> implements EntityMapping.Members<Holding> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Holding", "holdingId", "branch", "genre", "shelf", "year", "title");
    }

    @Override
    public void writeItem(Holding e, ItemMap.Builder item) {
      writeString(item, "holdingId", e.holdingId());
      writeString(item, "branch", e.branch());
      writeString(item, "genre", e.genre());
      writeString(item, "shelf", e.shelf());
      writeInt(item, "year", e.year());
      writeString(item, "title", e.title());
    }

    @Override
    public Holding fromItem(Map<String, AttributeValue> item) {
      return new Holding(
        readString(item, 0, "holdingId"),
        readString(item, 1, "branch"),
        readString(item, 2, "genre"),
        readString(item, 3, "shelf"),
        readInt(item, 4, "year"),
        readString(item, 5, "title"));
    }

    @Override
    public Class<Holding> memoizableType() {
      return Holding.class;
    }

    @Override
    public @Nullable Object indexKeyField(Holding e, int field) {
      return switch (field) {
        case 0 -> e.branch();
        case 1 -> e.genre();
        case 2 -> e.shelf();
        case 3 -> e.title();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Holding e, int attribute) {
      return switch (attribute) {
        case 0 -> AttributeValue.n(Shards.of(KeyFormat.text(e.holdingId()), 4));
        default -> throw new IndexOutOfBoundsException(attribute);
      };
    }
  }
}
