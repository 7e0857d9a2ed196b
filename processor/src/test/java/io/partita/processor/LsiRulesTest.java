package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Local secondary indexes". */
class LsiRulesTest {

    @Test
    void atMostFiveLsis() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id, @SortKey String sk,",
                "  @LsiKey(index = \"Lsi1\") String a, @LsiKey(index = \"Lsi2\") String b, @LsiKey(index = \"Lsi3\") String c,",
                "  @LsiKey(index = \"Lsi4\") String d, @LsiKey(index = \"Lsi5\") String e,",
                "  @LsiKey(index = \"Lsi6\") String f) {}");
        Compilation c = compile(s);
        onlyError(c, "TooManyLsis", s, "Lsi6");
        assertThat(Expect.text(c, "TooManyLsis")).contains("cannot be added later");
    }

    @Test
    void lsiNeedsSortKey() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "@Lsi(name = \"LastPostIndex\")",
                "record Thread(@PartitionKey String forumName, @LsiKey(index = \"LastPostIndex\") Instant lastPost) {}");
        Compilation c = compile(s);
        onlyError(c, "LsiNeedsSortKey", s, "@Lsi(name = \"LastPostIndex\")");
        assertThat(Expect.text(c, "LsiNeedsSortKey"))
                .isEqualTo(
                        "[LsiNeedsSortKey] @Lsi \"LastPostIndex\" requires a table with a sort key; add @SortKey to a field of Thread");
    }

    @Test
    void lsiNeedsSortKeyOnASharedTable() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\")",
                "@Lsi(name = \"ByTime\", sortKey = \"LSI1SK\")",
                "interface App {}");
        onlyError(compile(t), "LsiNeedsSortKey", t, "@Lsi(name = \"ByTime\"");
    }

    @Test
    void lsiSortKeySameAsTableSortKey() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "record Thread(@PartitionKey String forumName,",
                "  @SortKey @LsiKey(index = \"BySubject\") String subject) {}");
        onlyError(compile(s), "LsiSortKeySameAsTable", s, "@LsiKey(index = \"BySubject\")");
    }

    @Test
    void lsiSortKeyIsExactlyOneAttribute() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "record Thread(@PartitionKey String forumName, @SortKey String subject,",
                "  @LsiKey(index = \"ByPost\") Instant lastPost,",
                "  @LsiKey(index = \"ByPost\") Instant firstPost) {}");
        onlyError(compile(s), "LsiSingleSortKey", s, "Instant firstPost");
    }

    @Test
    void declaredLsiWithoutSortKeyField() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "@Lsi(name = \"ByPost\")",
                "record Thread(@PartitionKey String forumName, @SortKey String subject) {}");
        onlyError(compile(s), "LsiSingleSortKey", s, "@Lsi(name = \"ByPost\")");
    }

    @Test
    void lsiHasNoPartitionKeyOfItsOwn() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "@Lsi(name = \"ByPost\")",
                "record Thread(@PartitionKey String forumName, @SortKey String subject,",
                "  @LsiKey(index = \"ByPost\") Instant lastPost,",
                "  @GsiKey(index = \"ByPost\") String author) {}");
        onlyError(compile(s), "LsiHasPartitionKey", s, "String author");
    }

    @Test
    void itemCollectionNoteOncePerTable() {
        JavaFileObject s = source(
                "Thread",
                "@Table(name = \"Thread\")",
                "record Thread(@PartitionKey String forumName, @SortKey String subject,",
                "  @LsiKey(index = \"ByLastPost\") Instant lastPost,",
                "  @LsiKey(index = \"ByFirstPost\") Instant firstPost) {}");
        Compilation c = compile(s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .hadNoteContaining("[LsiItemCollectionLimit] table Thread has local secondary indexes"
                        + " (ByLastPost, ByFirstPost)")
                .inFile(s)
                .onLineContaining("@Table");
        assertThat(c.diagnostics().stream()
                        .filter(d -> d.getKind() == Diagnostic.Kind.NOTE
                                && d.getMessage(null).contains("LsiItemCollectionLimit")))
                .hasSize(1);
    }

    @Test
    void noItemCollectionNoteWithoutLsis() {
        Compilation c = compile(source(
                "Item", "@Table(name = \"Items\")", "record Item(@PartitionKey String id, @SortKey String sk) {}"));
        assertThat(c.diagnostics()).noneMatch(d -> d.getMessage(null).contains("LsiItemCollectionLimit"));
    }
}
