package seeds.gamescores;

import io.partita.mapping.AbstractItemSchema;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.ItemMap;
import java.util.Map;
import javax.annotation.processing.Generated;
import org.jspecify.annotations.NullMarked;

/**
 * What index {@code GameTitleIndex} projects of {@link GameScore}: its keys and Wins, Losses. Attributes it does not project are not here,
 * so reading one is a compile error rather than a silent null.
 */
@Generated("io.partita.processor.PartitaProcessor")
@NullMarked
public record GameScoreGameTitleIndexView(String userId, String gameTitle, Integer topScore,
    int wins, int losses) {
  /**
   * Reads index entries of {@code GameTitleIndex}.
   */
  public static final ItemSchema<GameScoreGameTitleIndexView> SCHEMA = new Schema();

  /**
   * How {@link GameScoreGameTitleIndexView} is read: one argument per attribute, no lambdas.
   */
  private static final class Schema extends AbstractItemSchema<GameScoreGameTitleIndexView> {
    Schema() {
      super("GameScoreGameTitleIndexView", "UserId", "GameTitle", "TopScore", "Wins", "Losses");
    }

    @Override
    public void writeItem(GameScoreGameTitleIndexView e, ItemMap.Builder item) {
      writeString(item, "UserId", e.userId());
      writeString(item, "GameTitle", e.gameTitle());
      write(item, "TopScore", e.topScore(), Codecs.INTEGER);
      writeInt(item, "Wins", e.wins());
      writeInt(item, "Losses", e.losses());
    }

    @Override
    public GameScoreGameTitleIndexView fromItem(Map<String, AttributeValue> item) {
      return new GameScoreGameTitleIndexView(
        readString(item, 0, "UserId"),
        readString(item, 1, "GameTitle"),
        read(item, 2, "TopScore", Codecs.INTEGER),
        readInt(item, 3, "Wins"),
        readInt(item, 4, "Losses"));
    }
  }
}
