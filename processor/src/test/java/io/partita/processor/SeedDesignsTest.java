package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.seed;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/** The good designs of the seed scenarios compile with no warning and no error. */
class SeedDesignsTest {

    @Test
    void gameScoresLeaderboard() {
        assertClean(compile(seed("gamescores/GameScore")));
    }

    @Test
    void forumThreadWithLsiCompilesWithOnlyTheItemCollectionNote() {
        Compilation c = compile(seed("forum/Thread"));
        assertClean(c);
        assertThat(c)
                .hadNoteContaining("[LsiItemCollectionLimit]")
                .inFile(seed("forum/Thread"))
                .onLineContaining("@Table(name = \"Thread\")");
        assertThat(c.notes().stream().filter(n -> n.getMessage(null).contains("[LsiItemCollectionLimit]")))
                .as("the 10 GB note is said once per table")
                .hasSize(1);
    }

    @Test
    void ordersQueryFirst() {
        assertClean(compile(seed("orders/Order"), seed("orders/OrderStatus")));
    }

    @Test
    void businessDirectoryMultiAttributeSortKey() {
        assertClean(compile(seed("directory/Business")));
    }

    @Test
    void libraryHoldingsMultiAttributePartitionKeys() {
        assertClean(compile(seed("library/Holding")));
    }

    @Test
    void adClickTimeSeriesScatteredOverOneHundredShards() {
        assertClean(compile(seed("adclicks/AdClick")));
    }

    @Test
    void singleTableDesignWithOverloadedGsi() {
        assertClean(compile(
                seed("singletable/AppTable"),
                seed("singletable/User"),
                seed("singletable/Order"),
                seed("singletable/Product"),
                seed("singletable/Ticket")));
    }

    @Test
    void allSeedsTogether() {
        assertClean(compile(
                seed("gamescores/GameScore"),
                seed("forum/Thread"),
                seed("orders/Order"),
                seed("orders/OrderStatus"),
                seed("directory/Business"),
                seed("adclicks/AdClick"),
                seed("library/Holding"),
                seed("singletable/AppTable"),
                seed("singletable/User"),
                seed("singletable/Order"),
                seed("singletable/Product"),
                seed("singletable/Ticket")));
    }

    @Test
    void allSeedsTogetherUnderTheBuildsLintSettings() {
        assertClean(Sources.compile(
                java.util.List.of("-Xlint:all,-processing,-serial", "-Werror"),
                seed("gamescores/GameScore"),
                seed("forum/Thread"),
                seed("orders/Order"),
                seed("orders/OrderStatus"),
                seed("directory/Business"),
                seed("adclicks/AdClick"),
                seed("library/Holding"),
                seed("singletable/AppTable"),
                seed("singletable/User"),
                seed("singletable/Order"),
                seed("singletable/Product"),
                seed("singletable/Ticket")));
    }

    static void assertClean(Compilation c) {
        assertThat(c).succeededWithoutWarnings();
        assertThat(c.diagnostics())
                .noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR
                        || d.getKind() == Diagnostic.Kind.WARNING
                        || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING);
    }
}
