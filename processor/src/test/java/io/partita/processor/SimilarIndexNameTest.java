package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md {@code SimilarIndexName}: on a single-entity table an index named only by key annotations exists,
 * so a misspelt {@code @GsiKey(index)} would silently create a second index; a name close to another index name of
 * the table is an error with "did you mean", reported once (the two halves of the split index are not reported as
 * incomplete too).
 */
class SimilarIndexNameTest {

    @Test
    void aNameAFewEditsFromADeclaredIndex() {
        JavaFileObject s = source(
                "GameScore",
                "@Table(name = \"GameScores\")",
                "@Gsi(name = \"GameTitleIndex\", projection = Projection.INCLUDE, include = {\"wins\"})",
                "record GameScore(@PartitionKey String userId, @GsiKey(index = \"GameTitleIndex\") String gameTitle,",
                "  @GsiKey(index = \"GameTitleIdx\", role = KeyRole.SORT) int topScore, int wins) {}");
        Compilation c = compile(s);
        onlyError(c, "SimilarIndexName", s, "GameTitleIdx");
        assertThat(Expect.text(c, "SimilarIndexName"))
                .isEqualTo("[SimilarIndexName] @GsiKey on field topScore names index \"GameTitleIdx\", which no @Gsi or"
                        + " @Lsi declares and which differs from index \"GameTitleIndex\" of table GameScores only by a"
                        + " small edit, so it would create a second index; did you mean \"GameTitleIndex\"? If two"
                        + " indexes are meant, declare it with @Gsi(name = \"GameTitleIdx\")");
    }

    @Test
    void aNameDifferingOnlyByCaseFromADeclaredLsi() {
        JavaFileObject s = source(
                "Review",
                "@Table(name = \"Reviews\")",
                "@Lsi(name = \"ByRating\", projection = Projection.KEYS_ONLY)",
                "record Review(@PartitionKey String productId, @SortKey String reviewId,",
                "  @LsiKey(index = \"byRating\") int rating) {}");
        Compilation c = compile(s);
        assertThat(Expect.text(c, "SimilarIndexName"))
                .contains("only by case", "did you mean \"ByRating\"?", "declare it with @Lsi(name = \"byRating\")");
        assertThat(c.errors()).hasSize(1);
    }

    @Test
    void twoImpliedNamesASwapApart() {
        // equally used: the later one is taken for the typo
        JavaFileObject s = source(
                "Book",
                "@Table(name = \"Books\")",
                "record Book(@PartitionKey String isbn, @GsiKey(index = \"ByTitle\") String title,",
                "  @GsiKey(index = \"ByTitel\", role = KeyRole.SORT) int year) {}");
        Compilation c = compile(s);
        onlyError(c, "SimilarIndexName", s, "ByTitel");
        assertThat(Expect.text(c, "SimilarIndexName"))
                .contains(
                        "did you mean \"ByTitle\"?",
                        "declare both: @Gsi(name = \"ByTitle\") and @Gsi(name = \"ByTitel\")");
    }

    @Test
    void theLessUsedOfTwoImpliedNamesIsTheTypo() {
        // without the rule: ByLoaction would be a sort key alone (GsiMissingPartitionKey) and ByLocation's sort key
        // would start at order 1 (KeyPartOrder); one error says what happened instead
        JavaFileObject s = source(
                "Shop",
                "@Table(name = \"Shops\")",
                "record Shop(@PartitionKey String id,",
                "  @GsiKey(index = \"ByLoaction\", role = KeyRole.SORT, order = 0) String country,",
                "  @GsiKey(index = \"ByLocation\") String type,",
                "  @GsiKey(index = \"ByLocation\", role = KeyRole.SORT, order = 1) String city) {}");
        Compilation c = compile(s);
        onlyError(c, "SimilarIndexName", s, "ByLoaction");
        assertThat(Expect.text(c, "SimilarIndexName")).contains("did you mean \"ByLocation\"?");
    }

    @Test
    void differentWordsNumberedIndexesAndShortNamesAreNotTypos() {
        clean(compile(source(
                "Item",
                "@Table(name = \"Items\")",
                "@Gsi(name = \"ByName\", projection = Projection.KEYS_ONLY)",
                "record Item(@PartitionKey String id,",
                "  @GsiKey(index = \"ByName\") String name, @GsiKey(index = \"ByDate\") String date,", // 2 edits, short
                "  @GsiKey(index = \"GSI1\") String a, @GsiKey(index = \"GSI2\") String b,", // numbered
                "  @GsiKey(index = \"ByX\") String x, @GsiKey(index = \"ByY\") String y) {}"))); // short
    }

    @Test
    void declaringBothKeepsTwoCloseNames() {
        clean(compile(source(
                "Book",
                "@Table(name = \"Books\")",
                "@Gsi(name = \"ByTitle\")",
                "@Gsi(name = \"ByTitel\")",
                "record Book(@PartitionKey String isbn, @GsiKey(index = \"ByTitle\") String title,",
                "  @GsiKey(index = \"ByTitel\") String titel) {}")));
    }

    @Test
    void sharedTablesDeclareEveryIndexAndKeepUnknownIndex() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"ByStatus\")",
                "interface App {}");
        JavaFileObject o = source(
                "Order",
                "@Entity(table = App.class, type = \"Order\")",
                "@Key(pk = \"ORDER#{id}\", sk = \"ORDER\")",
                "record Order(String id, @GsiKey(index = \"ByStatsu\") String status) {}");
        onlyError(compile(t, o), "UnknownIndex", o, "ByStatsu");
    }
}
