package seeds.gamescores;

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
import io.partita.repository.StringSortKeyCondition;
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
 * The repository of {@link GameScore} in table {@code GameScores}: key-based reads and writes, partial updates and
 * one query builder per access pattern.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public final class GameScoreRepository extends EntityRepository<GameScore> {
  /**
   * {@link GameScore#userId()} stored as {@code UserId}: for conditions and partial updates.
   */
  public static final Field<GameScore, String> USER_ID = Field.<GameScore, String>of("UserId", "userId", Codecs.STRING);

  /**
   * {@link GameScore#gameTitle()} stored as {@code GameTitle}: for conditions and partial updates.
   */
  public static final Field<GameScore, String> GAME_TITLE = Field.<GameScore, String>of("GameTitle", "gameTitle", Codecs.STRING);

  /**
   * {@link GameScore#topScore()} stored as {@code TopScore}: for conditions and partial updates.
   */
  public static final Field<GameScore, Integer> TOP_SCORE = Field.<GameScore, Integer>of("TopScore", "topScore", Codecs.INTEGER);

  /**
   * {@link GameScore#topScoreDateTime()} stored as {@code TopScoreDateTime}: for conditions and partial updates.
   */
  public static final Field<GameScore, Instant> TOP_SCORE_DATE_TIME = Field.<GameScore, Instant>of("TopScoreDateTime", "topScoreDateTime", Codecs.INSTANT);

  /**
   * {@link GameScore#wins()} stored as {@code Wins}: for conditions and partial updates.
   */
  public static final Field<GameScore, Integer> WINS = Field.<GameScore, Integer>of("Wins", "wins", Codecs.PRIMITIVE_INT);

  /**
   * {@link GameScore#losses()} stored as {@code Losses}: for conditions and partial updates.
   */
  public static final Field<GameScore, Integer> LOSSES = Field.<GameScore, Integer>of("Losses", "losses", Codecs.PRIMITIVE_INT);

  /**
   * How {@link GameScore} maps to an item, without reflection.
   */
  public static final ItemSchema<GameScore> SCHEMA = Schema.INSTANCE;

  /**
   * The table: key schema, attribute types, indexes, projections.
   */
  public static final TableDefinition TABLE = TableDefinition.builder("GameScores")
    .partitionKey(KeyAttribute.s("UserId"))
    .sortKey(KeyAttribute.s("GameTitle"))
    .globalSecondaryIndex(new GlobalSecondaryIndex("GameTitleIndex", List.of(KeyAttribute.s("GameTitle")), List.of(KeyAttribute.n("TopScore")), Projection.include("Wins", "Losses")))
    .build();

  /**
   * How {@link GameScore} lives in its table: computed keys, index-key fields, version.
   */
  public static final EntityMapping<GameScore> MAPPING = EntityMapping.builder(TABLE, SCHEMA)
    .members(Schema.INSTANCE)
    .indexKey("GameTitleIndex", "gameTitle", "GameTitle", 0, false)
    .indexKey("GameTitleIndex", "topScore", "TopScore", 1, true)
    .build();

  private GameScoreRepository(Partita db) {
    super(db, MAPPING);
  }

  /**
   * Opens the repository on {@code db}, creating table {@code GameScores} if it does not exist.
   */
  public static GameScoreRepository of(Partita db) {
    return new GameScoreRepository(db);
  }

  /**
   * The key of the {@link GameScore} item with these key parts (for transactions, batches, updates).
   */
  public Key<GameScore> key(String userId, String gameTitle) {
    return keyOf(USER_ID.encode(userId), GAME_TITLE.encode(gameTitle));
  }

  /**
   * The {@link GameScore} with these key parts, if stored.
   */
  public Optional<GameScore> get(String userId, String gameTitle) {
    return getByKey(USER_ID.encode(userId), GAME_TITLE.encode(gameTitle));
  }

  /**
   * Deletes the {@link GameScore} with these key parts, if stored.
   */
  public void delete(String userId, String gameTitle) {
    delete(key(userId, gameTitle));
  }

  /**
   * Starts a partial update of the {@link GameScore} with these key parts: set, remove or add attributes
   * without reading the item first.
   */
  public Update<GameScore> update(String userId, String gameTitle) {
    return update(key(userId, gameTitle));
  }

  /**
   * Queries the items of {@link GameScore} in one partition; narrow by the sort key, then call a terminal.
   */
  public Query query(String userId) {
    return new Query(tableQuery(), userId);
  }

  /**
   * Queries index {@code GameTitleIndex} (GSI, projection INCLUDE); narrow by its sort key, then call a terminal.
   */
  public GameTitleIndexQuery gameTitleIndex(String gameTitle) {
    return new GameTitleIndexQuery(indexQuery("GameTitleIndex", GameScoreGameTitleIndexView.SCHEMA), gameTitle);
  }

  /**
   * A query on the table with its partition key fixed; narrow it by {@code gameTitle}.
   */
  public static final class Query extends ConsistentQueryBuilder<GameScore, Query> {
    Query(QuerySpec<GameScore> spec, String userId) {
      super(spec);
      partitionKey("UserId", USER_ID.encode(userId));
    }

    /**
     * A condition on {@code gameTitle} ({@code GameTitle}).
     */
    public StringSortKeyCondition<Query> gameTitle() {
      return stringSortKey("GameTitle");
    }

    /**
     * Narrows to items whose {@code gameTitle} equals {@code gameTitle}.
     */
    public QueryWithGameTitle gameTitle(String gameTitle) {
      return new QueryWithGameTitle(this, gameTitle);
    }
  }

  /**
   * A query on the table narrowed by {@code gameTitle}.
   */
  public static final class QueryWithGameTitle extends ConsistentQueryBuilder<GameScore, QueryWithGameTitle> {
    QueryWithGameTitle(Query previous, String gameTitle) {
      super(previous);
      sortKeyEquals("GameTitle", GAME_TITLE.encode(gameTitle));
    }
  }

  /**
   * A query on index {@code GameTitleIndex} with its partition key fixed; narrow it by {@code topScore}.
   */
  public static final class GameTitleIndexQuery extends QueryBuilder<GameScoreGameTitleIndexView, GameTitleIndexQuery> {
    GameTitleIndexQuery(QuerySpec<GameScoreGameTitleIndexView> spec, String gameTitle) {
      super(spec);
      partitionKey("GameTitle", GAME_TITLE.encode(gameTitle));
    }

    /**
     * A condition on {@code topScore} ({@code TopScore}).
     */
    public SortKeyCondition<Integer, GameTitleIndexQuery> topScore() {
      return sortKey("TopScore", TOP_SCORE.codec());
    }

    /**
     * Narrows to items whose {@code topScore} equals {@code topScore}.
     */
    public GameTitleIndexQueryWithTopScore topScore(Integer topScore) {
      return new GameTitleIndexQueryWithTopScore(this, topScore);
    }
  }

  /**
   * A query on index {@code GameTitleIndex} narrowed by {@code topScore}.
   */
  public static final class GameTitleIndexQueryWithTopScore extends QueryBuilder<GameScoreGameTitleIndexView, GameTitleIndexQueryWithTopScore> {
    GameTitleIndexQueryWithTopScore(GameTitleIndexQuery previous, Integer topScore) {
      super(previous);
      sortKeyEquals("TopScore", TOP_SCORE.encode(topScore));
    }
  }

  /**
   * How {@link GameScore} maps to an item: one statement per attribute, no reflection, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<GameScore> implements EntityMapping.Members<GameScore> {
    static final Schema INSTANCE = new Schema();

    private Schema() {
      super("GameScore", "UserId", "GameTitle", "TopScore", "TopScoreDateTime", "Wins", "Losses");
    }

    @Override
    public void writeItem(GameScore e, ItemMap.Builder item) {
      writeString(item, "UserId", e.userId());
      writeString(item, "GameTitle", e.gameTitle());
      write(item, "TopScore", e.topScore(), Codecs.INTEGER);
      writeInstant(item, "TopScoreDateTime", e.topScoreDateTime());
      writeInt(item, "Wins", e.wins());
      writeInt(item, "Losses", e.losses());
    }

    @Override
    public GameScore fromItem(Map<String, AttributeValue> item) {
      return new GameScore(
        readString(item, 0, "UserId"),
        readString(item, 1, "GameTitle"),
        read(item, 2, "TopScore", Codecs.INTEGER),
        readInstant(item, 3, "TopScoreDateTime"),
        readInt(item, 4, "Wins"),
        readInt(item, 5, "Losses"));
    }

    @Override
    public Class<GameScore> memoizableType() {
      return GameScore.class;
    }

    @Override
    public @Nullable Object indexKeyField(GameScore e, int field) {
      return switch (field) {
        case 0 -> e.gameTitle();
        case 1 -> e.topScore();
        default -> throw new IndexOutOfBoundsException(field);
      };
    }

    @Override
    public @Nullable AttributeValue computed(GameScore e, int attribute) {
      throw new IndexOutOfBoundsException(attribute);
    }
  }
}
