package io.partita.samples.gamescores;

import io.partita.Page;
import io.partita.Partita;
import io.partita.io.DynamoDbJsonLines;
import io.partita.samples.TextTable;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Seed {@code 000}: the GameScores leaderboard. Fixtures (the seed's rows, plus its Comet Quest example) are
 * loaded from {@code GameScores.jsonl}, a DynamoDB JSON export, through {@link DynamoDbJsonLines}.
 */
public final class GameScoresSample {
    public static final String FIXTURES = "GameScores.jsonl";

    private final Partita db;
    private final GameScoreRepository scores;

    public GameScoresSample(Partita db) {
        this.db = db;
        this.scores = GameScoreRepository.of(db);
    }

    public GameScoreRepository scores() {
        return scores;
    }

    /** Loads the fixture file into the table; returns how many items it held. */
    public long loadFixtures() {
        try (InputStream in = GameScoresSample.class.getResourceAsStream(FIXTURES);
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return DynamoDbJsonLines.importTable(db, scores.tableName(), reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The top {@code n} scores of a game, highest first, read from the index only. */
    public List<GameScoreGameTitleIndexView> top(String gameTitle, int n) {
        return scores.gameTitleIndex(gameTitle).descending().limit(n).list();
    }

    /** The same top-{@code n} query as one page that also reports the capacity it consumed, per index. */
    public Page<GameScoreGameTitleIndexView> topMeasured(String gameTitle, int n) {
        return scores.gameTitleIndex(gameTitle)
                .descending()
                .limit(n)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .page();
    }

    /** Wins per loss, from the two projected attributes. */
    public static double winRatio(GameScoreGameTitleIndexView v) {
        return v.losses() == 0 ? v.wins() : (double) v.wins() / v.losses();
    }

    /** Items of a game in the table (a scan: the table is keyed by user). */
    public long itemsInTable(String gameTitle) {
        return scores.scanAll(1)
                .filter(GameScoreRepository.GAME_TITLE.eq(gameTitle))
                .count();
    }

    /** Items of a game in the sparse index. */
    public long itemsInIndex(String gameTitle) {
        return scores.gameTitleIndex(gameTitle).count();
    }

    public void run(PrintStream out) {
        out.println(
                "== 1. GameScores leaderboard: GameTitleIndex (GameTitle, TopScore), INCLUDE Wins/Losses (seed 000) ==");
        out.printf("loaded %d items from %s (DynamoDB JSON export format)%n", loadFixtures(), FIXTURES);
        out.println("scores.gameTitleIndex(\"Galaxy Invaders\").descending().limit(3)"
                + ".returnConsumedCapacity(INDEXES).page()");
        Page<GameScoreGameTitleIndexView> page = topMeasured("Galaxy Invaders", 3);
        TextTable top = TextTable.of("UserId", "TopScore", "Wins", "Losses", "Wins/Losses");
        for (GameScoreGameTitleIndexView v : page.items()) {
            top.row(v.userId(), v.topScore(), v.wins(), v.losses(), String.format("%.2f", winRatio(v)));
        }
        top.print(out);
        List<ConsumedCapacity> consumed = page.consumed().consumedCapacity();
        out.println("consumed (reported by the repository query): "
                + TextTable.capacity(consumed.isEmpty() ? null : consumed.get(0))
                + ": index only, eventually consistent; the table is never read");
        out.printf(
                "Comet Quest: %d items in the table, %d in GameTitleIndex (player 400 has no TopScore, so the sparse index skips it)%n%n",
                itemsInTable("Comet Quest"), itemsInIndex("Comet Quest"));
    }
}
