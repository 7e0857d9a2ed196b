package seeds.articles;

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
 * The repository of {@link Article} in table {@code Articles}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class ArticleRepository extends EntityRepository<Article> {
  /**
   * {@link Article#articleId()} stored as {@code articleId}: for conditions and partial updates.
   */
  public static final Field<Article, String> ARTICLE_ID = Field.<Article, String>of("articleId", "articleId", Codecs.STRING);

  /**
   * {@link Article#author()} stored as {@code author}: for conditions and partial updates.
   */
  public static final Field<Article, String> AUTHOR = Field.<Article, String>of("author", "author", Codecs.STRING);

  /**
   * {@link Article#title()} stored as {@code title}: for conditions and partial updates.
   */
  public static final Field<Article, String> TITLE = Field.<Article, String>of("title", "title", Codecs.STRING);

  /**
   * {@link Article#createdAt()} stored as {@code createdAt}: for conditions and partial updates.
   */
  public static final Field<Article, Instant> CREATED_AT = Field.<Article, Instant>of("createdAt", "createdAt", Codecs.INSTANT);

  /**
   * {@link Article#updatedAt()} stored as {@code updatedAt}: for conditions and partial updates.
   */
  public static final Field<Article, Instant> UPDATED_AT = Field.<Article, Instant>of("updatedAt", "updatedAt", Codecs.INSTANT);

  /**
   * {@link Article#views()} stored as {@code views}: for conditions and partial updates.
   */
  public static final Field<Article, Long> VIEWS = Field.<Article, Long>of("views", "views", Codecs.PRIMITIVE_LONG);

  /**
   * {@link Article#version()} stored as {@code version}: for conditions and partial updates.
   */
  public static final Field<Article, Long> VERSION = Field.<Article, Long>of("version", "version", Codecs.LONG);

  /**
   * How {@link Article} maps to an item, without reflection.
   */
  public static final ItemSchema<Article> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("Articles")
    .partitionKey(KeyAttribute.s("articleId"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("ByAuthor", List.of(KeyAttribute.s("author")), List.of(KeyAttribute.s("updatedAt")), Projection.all()))
    .build();

  /**
   * How {@link Article} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Article> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("ByAuthor", "author", "author", 0, false)
    .indexKey("ByAuthor", "updatedAt", "updatedAt", 1, false)
    .version("version")
    .createdAt("createdAt")
    .updatedAt("updatedAt")
    .counter("views", 1L, 0L)
    .build();

  private ArticleRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code Articles} if it does not exist.
   */
  public static ArticleRepository of(Partita db) {
    return new ArticleRepository(db);
  }

  /**
   * The key of the {@link Article} item with these key parts (for transactions, batches, updates).
   */
  public Key<Article> key(String articleId) {
    return keyOf(ARTICLE_ID.encode(articleId));
  }

  /**
   * The {@link Article} with these key parts, if stored.
   */
  public Optional<Article> get(String articleId) {
    return getByKey(ARTICLE_ID.encode(articleId));
  }

  /**
   * Deletes the {@link Article} with these key parts, if stored.
   */
  public void delete(String articleId) {
    delete(key(articleId));
  }

  /**
   * Starts a partial update of the {@link Article} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Article> update(String articleId) {
    return update(key(articleId));
  }

  /**
   * Queries the items of {@link Article} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String articleId) {
    return new Query(tableQuery(), articleId);
  }

  /**
   * Queries index {@code ByAuthor} (GSI, projection ALL); narrow by its sort key, then call a terminal.
   */
  public ByAuthorQuery byAuthor(String author) {
    return new ByAuthorQuery(indexQuery("ByAuthor"), author);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<Article, Query> {
    Query(QuerySpec<Article> spec, String articleId) {
      super(spec);
      partitionKey("articleId", ARTICLE_ID.encode(articleId));
    }
  }

  /**
   * A query on index {@code ByAuthor} with its partition key fixed; narrow it by {@code updatedAt}.
   */
  public static final class ByAuthorQuery extends QueryBuilder<Article, ByAuthorQuery> {
    ByAuthorQuery(QuerySpec<Article> spec, String author) {
      super(spec);
      partitionKey("author", AUTHOR.encode(author));
    }

    /**
     * A condition on {@code updatedAt} ({@code updatedAt}).
     */
    public SortKeyCondition<Instant, ByAuthorQuery> updatedAt() {
      return sortKey("updatedAt", UPDATED_AT.codec());
    }

    /**
     * Narrows to items whose {@code updatedAt} equals {@code updatedAt}.
     */
    public ByAuthorQueryWithUpdatedAt updatedAt(Instant updatedAt) {
      return new ByAuthorQueryWithUpdatedAt(this, updatedAt);
    }
  }

  /**
   * A query on index {@code ByAuthor} narrowed by {@code updatedAt}.
   */
  public static final class ByAuthorQueryWithUpdatedAt extends QueryBuilder<Article, ByAuthorQueryWithUpdatedAt> {
    ByAuthorQueryWithUpdatedAt(ByAuthorQuery previous, Instant updatedAt) {
      super(previous);
      sortKeyEquals("updatedAt", UPDATED_AT.encode(updatedAt));
    }
  }

  /**
   * How {@link Article} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Article> implements EntityMapping.Members<Article> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("Article", "articleId", "author", "title", "createdAt", "updatedAt", "views", "version");
    }

    @Override
    public void writeItem(Article e, ItemMap.Builder item) {
      writeString(item, "articleId", e.articleId());
      writeString(item, "author", e.author());
      writeString(item, "title", e.title());
      writeInstant(item, "createdAt", e.createdAt());
      writeInstant(item, "updatedAt", e.updatedAt());
      writeLong(item, "views", e.views());
      write(item, "version", e.version(), Codecs.LONG);
    }

    @Override
    public Article fromItem(Map<String, AttributeValue> item) {
      return new Article(
        readString(item, 0, "articleId"),
        readString(item, 1, "author"),
        readString(item, 2, "title"),
        readInstant(item, 3, "createdAt"),
        readInstant(item, 4, "updatedAt"),
        readLong(item, 5, "views"),
        read(item, 6, "version", Codecs.LONG));
    }

    @Override
    public Class<Article> memoizableType() {
      return Article.class;
    }

    @Override
    public @Nullable Object indexKeyField(Article e, int field) {
      return switch (field) {
        case 0 -> e.author();
        case 1 -> e.updatedAt();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Article e, int attribute) {
      throw new IndexOutOfBoundsException(attribute);
    }
  }
}
