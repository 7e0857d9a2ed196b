package seeds.gamescores;

import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import javax.annotation.processing.Generated;

/**
 * What index {@code GameTitleIndex} projects of {@link GameScore}: its keys and Wins, Losses. Attributes it does not project are not here,
 * so reading one is a compile error rather than a silent null.
 */
@Generated("io.partita.processor.PartitaProcessor")
public record GameScoreGameTitleIndexView(String userId, String gameTitle, Integer topScore,
    int wins, int losses) {
  /**
   * Reads index entries of {@code GameTitleIndex}.
   */
  public static final ItemSchema<GameScoreGameTitleIndexView> SCHEMA = ItemSchema.builder(GameScoreGameTitleIndexView.class)
    .attribute("UserId", GameScoreGameTitleIndexView::userId, Codecs.STRING)
    .attribute("GameTitle", GameScoreGameTitleIndexView::gameTitle, Codecs.STRING)
    .attribute("TopScore", GameScoreGameTitleIndexView::topScore, Codecs.INTEGER)
    .attribute("Wins", GameScoreGameTitleIndexView::wins, Codecs.PRIMITIVE_INT)
    .attribute("Losses", GameScoreGameTitleIndexView::losses, Codecs.PRIMITIVE_INT)
    .build(v -> new GameScoreGameTitleIndexView(v.<String>get(0), v.<String>get(1), v.<Integer>get(2), v.<Integer>get(3), v.<Integer>get(4)));
}
