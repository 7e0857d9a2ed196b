package io.partita.processor;

import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Projections". */
class ProjectionRulesTest {

    @Test
    void includeNamesAnUnknownAttribute() {
        JavaFileObject s = source(
                "Score",
                "@Table(name = \"GameScores\")",
                "@Gsi(name = \"GameTitleIndex\", projection = Projection.INCLUDE,",
                "     include = {\"wins\",",
                "                \"loses\"})",
                "record Score(@PartitionKey String userId, @GsiKey(index = \"GameTitleIndex\") String gameTitle,",
                "  int wins, int losses) {}");
        onlyError(compile(s), "IncludeUnknownAttribute", s, "\"loses\"");
    }

    @Test
    void includeNamesAKeyAttribute() {
        JavaFileObject s = source(
                "Score",
                "@Table(name = \"GameScores\")",
                "@Gsi(name = \"GameTitleIndex\", projection = Projection.INCLUDE, include = {\"wins\", \"userId\"})",
                "record Score(@PartitionKey String userId, @GsiKey(index = \"GameTitleIndex\") String gameTitle,",
                "  int wins) {}");
        onlyError(compile(s), "IncludeKeyAttribute", s, "\"userId\"");
    }

    @Test
    void keysOnlyTakesNoIncludeList() {
        JavaFileObject s = source(
                "Score",
                "@Table(name = \"GameScores\")",
                "@Gsi(name = \"GameTitleIndex\", projection = Projection.KEYS_ONLY, include = \"wins\")",
                "record Score(@PartitionKey String userId, @GsiKey(index = \"GameTitleIndex\") String gameTitle,",
                "  int wins) {}");
        onlyError(compile(s), "IncludeListNotAllowed", s, "KEYS_ONLY");
    }

    @Test
    void includeWithoutAttributes() {
        JavaFileObject s = source(
                "Score",
                "@Table(name = \"GameScores\")",
                "@Gsi(name = \"GameTitleIndex\", projection = Projection.INCLUDE)",
                "record Score(@PartitionKey String userId, @GsiKey(index = \"GameTitleIndex\") String gameTitle,",
                "  int wins) {}");
        onlyError(compile(s), "IncludeListMissing", s, "Projection.INCLUDE");
    }

    @Test
    void atMostOneHundredIncludeAttributesCountingDuplicates() {
        String fields = IntStream.range(0, 60).mapToObj(i -> "int a" + i).collect(Collectors.joining(", "));
        String names = IntStream.range(0, 60).mapToObj(i -> "\"a" + i + "\"").collect(Collectors.joining(", "));
        JavaFileObject s = source(
                "Wide",
                "@Table(name = \"Wide\")",
                "@Gsi(name = \"First\", projection = Projection.INCLUDE, include = {" + names + "})",
                "@Gsi(name = \"Second\", projection = Projection.INCLUDE, include = {" + names + "})",
                "record Wide(@PartitionKey String id, @GsiKey(index = \"First\") @GsiKey(index = \"Second\") String k,",
                "  " + fields + ") {}");
        onlyError(compile(s), "TooManyIncludeAttributes", s, "@Gsi(name = \"Second\"");
    }
}
