package seeds.forum;

import io.partita.Field;
import io.partita.Key;
import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.generated.QuerySpec;
import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.AttributeCodec;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.repository.ConsistentQueryBuilder;
import io.partita.repository.EntityRepository;
import io.partita.repository.SortKeyCondition;
import io.partita.repository.StringSortKeyCondition;
import io.partita.repository.Update;
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
 * The repository of {@link Thread} in table {@code Thread}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class ThreadRepository extends EntityRepository<Thread> {
  /**
   * {@link Thread#forumName()} stored as {@code ForumName}: for conditions and partial updates.
   */
  public static final Field<Thread, String> FORUM_NAME = Field.<Thread, String>of("ForumName", "forumName", Codecs.STRING);

  /**
   * {@link Thread#subject()} stored as {@code Subject}: for conditions and partial updates.
   */
  public static final Field<Thread, String> SUBJECT = Field.<Thread, String>of("Subject", "subject", Codecs.STRING);

  /**
   * {@link Thread#lastPostDateTime()} stored as {@code LastPostDateTime}: for conditions and partial updates.
   */
  public static final Field<Thread, Instant> LAST_POST_DATE_TIME = Field.<Thread, Instant>of("LastPostDateTime", "lastPostDateTime", Codecs.INSTANT);

  /**
   * {@link Thread#replies()} stored as {@code Replies}: for conditions and partial updates.
   */
  public static final Field<Thread, Integer> REPLIES = Field.<Thread, Integer>of("Replies", "replies", Codecs.PRIMITIVE_INT);

  /**
   * {@link Thread#tags()} stored as {@code Tags}: for conditions and partial updates.
   */
  public static final Field<Thread, List<String>> TAGS = Field.<Thread, List<String>>of("Tags", "tags", Codecs.list(Codecs.STRING));

  /**
   * How {@link Thread} maps to an item, without reflection.
   */
  public static final ItemSchema<Thread> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("Thread")
    .partitionKey(KeyAttribute.s("ForumName"))
    .sortKey(KeyAttribute.s("Subject"))
    .localSecondaryIndex("LastPostIndex", KeyAttribute.s("LastPostDateTime"), Projection.include("Replies"))
    .build();

  /**
   * How {@link Thread} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<Thread> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("LastPostIndex", "lastPostDateTime", "LastPostDateTime", 0, false)
    .build();

  private ThreadRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code Thread} if it does not exist.
   */
  public static ThreadRepository of(Partita db) {
    return new ThreadRepository(db);
  }

  /**
   * The key of the {@link Thread} item with these key parts (for transactions, batches, updates).
   */
  public Key<Thread> key(String forumName, String subject) {
    return keyOf(FORUM_NAME.encode(forumName), SUBJECT.encode(subject));
  }

  /**
   * The {@link Thread} with these key parts, if stored.
   */
  public Optional<Thread> get(String forumName, String subject) {
    return getByKey(FORUM_NAME.encode(forumName), SUBJECT.encode(subject));
  }

  /**
   * Deletes the {@link Thread} with these key parts, if stored.
   */
  public void delete(String forumName, String subject) {
    delete(key(forumName, subject));
  }

  /**
   * Starts a partial update of the {@link Thread} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<Thread> update(String forumName, String subject) {
    return update(key(forumName, subject));
  }

  /**
   * Queries the items of {@link Thread} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String forumName) {
    return new Query(tableQuery(), forumName);
  }

  /**
   * Queries index {@code LastPostIndex} (LSI, projection INCLUDE); narrow by its sort key, then call a terminal.
   */
  public LastPostIndexQuery lastPostIndex(String forumName) {
    return new LastPostIndexQuery(indexQuery("LastPostIndex"), forumName);
  }

  /**
   * A query on the table with its partition key fixed; narrow it by {@code subject}.
   */
  public static final class Query extends ConsistentQueryBuilder<Thread, Query> {
    Query(QuerySpec<Thread> spec, String forumName) {
      super(spec);
      partitionKey("ForumName", FORUM_NAME.encode(forumName));
    }

    /**
     * A condition on {@code subject} ({@code Subject}).
     */
    public StringSortKeyCondition<Query> subject() {
      return stringSortKey("Subject");
    }

    /**
     * Narrows to items whose {@code subject} equals {@code subject}.
     */
    public QueryWithSubject subject(String subject) {
      return new QueryWithSubject(this, subject);
    }
  }

  /**
   * A query on the table narrowed by {@code subject}.
   */
  public static final class QueryWithSubject extends ConsistentQueryBuilder<Thread, QueryWithSubject> {
    QueryWithSubject(Query previous, String subject) {
      super(previous);
      sortKeyEquals("Subject", SUBJECT.encode(subject));
    }
  }

  /**
   * A query on index {@code LastPostIndex} with its partition key fixed; narrow it by {@code lastPostDateTime}.
   */
  public static final class LastPostIndexQuery extends ConsistentQueryBuilder<Thread, LastPostIndexQuery> {
    LastPostIndexQuery(QuerySpec<Thread> spec, String forumName) {
      super(spec);
      partitionKey("ForumName", FORUM_NAME.encode(forumName));
    }

    /**
     * A condition on {@code lastPostDateTime} ({@code LastPostDateTime}).
     */
    public SortKeyCondition<Instant, LastPostIndexQuery> lastPostDateTime() {
      return sortKey("LastPostDateTime", LAST_POST_DATE_TIME.codec());
    }

    /**
     * Narrows to items whose {@code lastPostDateTime} equals {@code lastPostDateTime}.
     */
    public LastPostIndexQueryWithLastPostDateTime lastPostDateTime(Instant lastPostDateTime) {
      return new LastPostIndexQueryWithLastPostDateTime(this, lastPostDateTime);
    }
  }

  /**
   * A query on index {@code LastPostIndex} narrowed by {@code lastPostDateTime}.
   */
  public static final class LastPostIndexQueryWithLastPostDateTime extends ConsistentQueryBuilder<Thread, LastPostIndexQueryWithLastPostDateTime> {
    LastPostIndexQueryWithLastPostDateTime(LastPostIndexQuery previous, Instant lastPostDateTime) {
      super(previous);
      sortKeyEquals("LastPostDateTime", LAST_POST_DATE_TIME.encode(lastPostDateTime));
    }
  }

  /**
   * How {@link Thread} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<Thread> implements EntityMapping.Members<Thread> {
    static final Schema INSTANCE = new Schema();

    private static final AttributeCodec<List<String>> TAGS_CODEC = Codecs.list(Codecs.STRING);

    private Schema() {
      super("Thread", "ForumName", "Subject", "LastPostDateTime", "Replies", "Tags");
    }

    @Override
    public void writeItem(Thread e, ItemMap.Builder item) {
      writeString(item, "ForumName", e.forumName());
      writeString(item, "Subject", e.subject());
      writeInstant(item, "LastPostDateTime", e.lastPostDateTime());
      writeInt(item, "Replies", e.replies());
      write(item, "Tags", e.tags(), TAGS_CODEC);
    }

    @Override
    public Thread fromItem(Map<String, AttributeValue> item) {
      return new Thread(
        readString(item, 0, "ForumName"),
        readString(item, 1, "Subject"),
        readInstant(item, 2, "LastPostDateTime"),
        readInt(item, 3, "Replies"),
        read(item, 4, "Tags", TAGS_CODEC));
    }

    @Override
    public @Nullable Object indexKeyField(Thread e, int field) {
      return switch (field) {
        case 0 -> e.lastPostDateTime();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(Thread e, int attribute) {
      throw new IndexOutOfBoundsException(attribute);
    }
  }
}
