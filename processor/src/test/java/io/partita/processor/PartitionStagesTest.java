package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A partition key of several parts (a multi-attribute GSI partition key, or a partition template with several
 * placeholders) is given in named stages, each its own type: a caller that swaps two parts of the same type, or
 * leaves one out, does not compile. A partition of one part keeps its one-argument method.
 */
class PartitionStagesTest {
    private static final JavaFileObject BOOK = source(
            "Book",
            "@Table(name = \"Books\")",
            "record Book(@PartitionKey String isbn,",
            "  @GsiKey(index = \"ByBranchGenre\", order = 0) String branch,",
            "  @GsiKey(index = \"ByBranchGenre\", order = 1) String genre,",
            "  @GsiKey(index = \"ByBranchGenre\", role = KeyRole.SORT) int year,",
            "  @GsiKey(index = \"ByAuthor\") String author) {}");

    /** A caller whose method {@code find} has the body {@code lines}. */
    private static JavaFileObject caller(String... lines) {
        return source(
                "Caller",
                "class Caller {",
                "  static Object find(BookRepository books) {",
                String.join("\n", lines),
                "  }",
                "}");
    }

    @Test
    void namedStagesCompileAndReachTheSortKeyAndTerminals() {
        Compilation c = compile(
                BOOK,
                caller(
                        "    List<Book> sf = books.byBranchGenre().branch(\"b1\").genre(\"sf\").year().ge(2000).list();",
                        "    long n = books.byBranchGenre().branch(\"b1\").genre(\"sf\").count();",
                        "    return books.byAuthor(\"Knuth\").list().size() + sf.size() + n;"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedSourceFile("p.BookRepository")
                .contentsAsUtf8String()
                .contains("public ByBranchGenrePartition byBranchGenre() {");
        assertThat(c)
                .generatedSourceFile("p.BookRepository")
                .contentsAsUtf8String()
                .contains("public ByAuthorQuery byAuthor(String author) {");
    }

    @Test
    void swappedPartsDoNotCompile() {
        JavaFileObject swapped = caller("    return books.byBranchGenre().genre(\"sf\").branch(\"b1\").list();");
        Compilation c = compile(BOOK, swapped);
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(swapped).onLineContaining("genre(\"sf\")");
        assertThat(errors(c)).singleElement().asString().contains("genre(java.lang.String)", "ByBranchGenrePartition");
    }

    @Test
    void anOmittedPartDoesNotCompile() {
        JavaFileObject omitted = caller("    return books.byBranchGenre().branch(\"b1\").list();");
        Compilation c = compile(BOOK, omitted);
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(omitted).onLineContaining(".list()");
        assertThat(errors(c)).singleElement().asString().contains("list()", "ByBranchGenrePartitionWithBranch");
    }

    @Test
    void positionalPartsDoNotCompile() {
        JavaFileObject positional = caller("    return books.byBranchGenre(\"b1\", \"sf\").list();");
        Compilation c = compile(BOOK, positional);
        assertThat(c).hadErrorContaining("byBranchGenre").inFile(positional).onLineContaining("byBranchGenre");
        assertThat(errors(c)).hasSize(1);
    }

    @Test
    void aScatteredIndexTakesTheFieldPartsInStagesAndHidesTheShard() {
        JavaFileObject event = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByKind\", by = \"id\")",
                "record Event(@PartitionKey String id,",
                "  @GsiKey(index = \"ByKind\", order = 0) String a, @GsiKey(index = \"ByKind\", order = 1) String b,",
                "  @GsiKey(index = \"ByKind\", role = KeyRole.SORT) Instant at) {}");
        JavaFileObject use = source(
                "Use",
                "class Use {",
                "  static long count(EventRepository events, Instant t) {",
                "    return events.byKind().a(\"x\").b(\"y\").at().ge(t).count();",
                "  }",
                "}");
        assertThat(compile(event, use)).succeededWithoutWarnings();
    }

    @Test
    void partitionTemplatesWithSeveralPlaceholdersTakeThemInStages() {
        JavaFileObject table = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")",
                "interface App {}");
        JavaFileObject member = source(
                "Member",
                "@Entity(table = App.class, type = \"Member\")",
                "@Key(pk = \"ORG#{org}#TEAM#{team}\", sk = \"MEMBER#{memberId}\")",
                "@GsiKey(index = \"GSI1\", pk = \"EMAIL#{domain}#{user}\", sk = \"MEMBER\", query = \"byEmail\")",
                "record Member(String org, String team, String memberId, String domain, String user) {}");
        JavaFileObject use = source(
                "Use",
                "class Use {",
                "  static int all(io.partita.Partita db) {",
                "    MemberRepository members = MemberRepository.of(db);",
                "    return members.query().org(\"o\").team(\"t\").memberId().beginsWith(\"m\").list().size()",
                "        + members.byEmail().domain(\"example.com\").user(\"ada\").list().size()",
                "        + AppRepository.of(db).orgCollection().org(\"o\").team(\"t\").list().size()",
                "        + (members.get(\"o\", \"t\", \"m1\").isPresent() ? 1 : 0);",
                "  }",
                "}");
        Compilation c = compile(table, member, use);
        assertThat(c).succeededWithoutWarnings();
        JavaFileObject swapped = source(
                "Swapped",
                "class Swapped {",
                "  static int all(io.partita.Partita db) {",
                "    return AppRepository.of(db).orgCollection().team(\"t\").org(\"o\").list().size();",
                "  }",
                "}");
        Compilation bad = compile(table, member, swapped);
        assertThat(bad).hadErrorContaining("cannot find symbol").inFile(swapped).onLineContaining("team(\"t\")");
    }

    private static java.util.List<String> errors(Compilation c) {
        return c.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(null))
                .toList();
    }
}
