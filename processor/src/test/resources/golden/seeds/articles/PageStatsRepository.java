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
import io.partita.repository.Update;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;

/**
 * The repository of {@link PageStats} in table {@code PageStats}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class PageStatsRepository extends EntityRepository<PageStats> {
  /**
   * {@link PageStats#page()} stored as {@code page}: for conditions and partial updates.
   */
  public static final Field<PageStats, String> PAGE = Field.<PageStats, String>of("page", "page", Codecs.STRING);

  /**
   * {@link PageStats#firstSeenMillis()} stored as {@code FirstSeen}: for conditions and partial updates.
   */
  public static final Field<PageStats, Long> FIRST_SEEN_MILLIS = Field.<PageStats, Long>of("FirstSeen", "firstSeenMillis", Codecs.PRIMITIVE_LONG);

  /**
   * {@link PageStats#lastSeenMillis()} stored as {@code LastSeen}: for conditions and partial updates.
   */
  public static final Field<PageStats, Long> LAST_SEEN_MILLIS = Field.<PageStats, Long>of("LastSeen", "lastSeenMillis", Codecs.LONG);

  /**
   * {@link PageStats#hits()} stored as {@code hits}: for conditions and partial updates.
   */
  public static final Field<PageStats, Integer> HITS = Field.<PageStats, Integer>of("hits", "hits", Codecs.PRIMITIVE_INT);

  /**
   * {@link PageStats#credits()} stored as {@code credits}: for conditions and partial updates.
   */
  public static final Field<PageStats, Long> CREDITS = Field.<PageStats, Long>of("credits", "credits", Codecs.LONG);

  /**
   * How {@link PageStats} maps to an item, without reflection.
   */
  public static final ItemSchema<PageStats> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("PageStats")
    .partitionKey(KeyAttribute.s("page"))
    .build();

  /**
   * How {@link PageStats} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<PageStats> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .createdAtEpochMillis("FirstSeen")
    .updatedAtEpochMillis("LastSeen")
    .counter("hits", 5L, 0L)
    .counter("credits", -1L, 1000L)
    .build();

  private PageStatsRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code PageStats} if it does not exist.
   */
  public static PageStatsRepository of(Partita db) {
    return new PageStatsRepository(db);
  }

  /**
   * The key of the {@link PageStats} item with these key parts (for transactions, batches, updates).
   */
  public Key<PageStats> key(String page) {
    return keyOf(PAGE.encode(page));
  }

  /**
   * The {@link PageStats} with these key parts, if stored.
   */
  public Optional<PageStats> get(String page) {
    return getByKey(PAGE.encode(page));
  }

  /**
   * Deletes the {@link PageStats} with these key parts, if stored.
   */
  public void delete(String page) {
    delete(key(page));
  }

  /**
   * Starts a partial update of the {@link PageStats} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<PageStats> update(String page) {
    return update(key(page));
  }

  /**
   * Queries the items of {@link PageStats} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String page) {
    return new Query(tableQuery(), page);
  }

  /**
   * A query on the table with its partition key fixed.
   */
  public static final class Query extends ConsistentQueryBuilder<PageStats, Query> {
    Query(QuerySpec<PageStats> spec, String page) {
      super(spec);
      partitionKey("page", PAGE.encode(page));
    }
  }

  /**
   * How {@link PageStats} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<PageStats> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("PageStats", "page", "FirstSeen", "LastSeen", "hits", "credits");
    }

    @Override
    public void writeItem(PageStats e, ItemMap.Builder item) {
      writeString(item, "page", e.page());
      writeLong(item, "FirstSeen", e.firstSeenMillis());
      write(item, "LastSeen", e.lastSeenMillis(), Codecs.LONG);
      writeInt(item, "hits", e.hits());
      write(item, "credits", e.credits(), Codecs.LONG);
    }

    @Override
    public PageStats fromItem(Map<String, AttributeValue> item) {
      return new PageStats(
        readString(item, 0, "page"),
        readLong(item, 1, "FirstSeen"),
        read(item, 2, "LastSeen", Codecs.LONG),
        readInt(item, 3, "hits"),
        read(item, 4, "credits", Codecs.LONG));
    }

    @Override
    public Class<PageStats> memoizableType() {
      return PageStats.class;
    }
  }
}
