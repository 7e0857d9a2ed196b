package io.partita.samples;

import io.partita.Partita;
import io.partita.samples.adclicks.AdClickStreamSample;
import io.partita.samples.adclicks.AdClicksSample;
import io.partita.samples.directory.DirectorySample;
import io.partita.samples.forum.ForumSample;
import io.partita.samples.gamescores.GameScoresSample;
import io.partita.samples.migration.ShopMigrationSample;
import io.partita.samples.orders.OrdersSample;
import io.partita.samples.singletable.ShopSample;
import java.io.PrintStream;
import java.util.List;
import java.util.function.Function;

/**
 * Runs the seven seed scenarios (the ad clicks twice: counted in place, and counted from a change stream), each on a fresh in-memory database of the embedded core, and prints what each
 * one shows. {@code mvn -B -q -pl samples -am -DskipTests package exec:java} runs it.
 */
public final class Samples {
    /** A scenario: made from a database, then run. */
    interface Scenario {
        void run(PrintStream out);
    }

    static final List<Function<Partita, Scenario>> SCENARIOS = List.of(
            db -> new GameScoresSample(db)::run,
            db -> new ForumSample(db)::run,
            db -> new OrdersSample(db)::run,
            db -> new DirectorySample(db)::run,
            db -> new AdClicksSample(db)::run,
            db -> new ShopSample(db)::run,
            db -> new AdClickStreamSample(db)::run,
            db -> new ShopMigrationSample(db)::run);

    private Samples() {}

    public static void main(String[] args) {
        run(System.out);
    }

    public static void run(PrintStream out) {
        for (Function<Partita, Scenario> scenario : SCENARIOS) {
            try (Partita db = Partita.inMemory()) {
                scenario.apply(db).run(out);
            }
        }
    }
}
