package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Expect.text;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Timestamps and counters": @CreatedAt, @UpdatedAt, @Counter. */
class AutoValueRulesTest {

    @Test
    void instantsEpochMillisAndWholeNumbersAreFine() {
        Compilation c = compile(source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id, @GsiKey(index = \"ByAuthor\") String author,",
                "  @CreatedAt Instant created,",
                "  @GsiKey(index = \"ByAuthor\", role = KeyRole.SORT) @UpdatedAt Instant updated,",
                "  @Counter int likes, @Counter(delta = -1, start = 10) Long credits, @Counter Long shares) {}"));
        clean(c);
        assertThat(c)
                .generatedSourceFile("p.PostRepository")
                .contentsAsUtf8String()
                .contains(".counter(\"credits\", -1L, 10L)");
        clean(compile(source(
                "Hit",
                "@Table(name = \"Hits\")",
                "record Hit(@PartitionKey String id, @CreatedAt long first, @UpdatedAt Long last) {}")));
    }

    @Test
    void timestampOfAnotherType() {
        JavaFileObject s = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id,",
                "  @UpdatedAt LocalDateTime updated) {}");
        Compilation c = compile(s);
        onlyError(c, "TimestampType", s, "LocalDateTime updated");
        assertThat(text(c, "TimestampType")).contains("@UpdatedAt on field updated of type LocalDateTime");
    }

    @Test
    void counterOfAnotherType() {
        JavaFileObject s = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id,",
                "  @Counter double likes) {}");
        onlyError(compile(s), "CounterType", s, "double likes");
    }

    @Test
    void counterStartOnAPrimitiveNeedsABoxedType() {
        JavaFileObject s = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id,",
                "  @Counter(start = 100) int credits) {}");
        Compilation c = compile(s);
        onlyError(c, "CounterStartOnPrimitive", s, "int credits");
        assertThat(text(c, "CounterStartOnPrimitive")).contains("use Integer");
    }

    @Test
    void atMostOneCreatedAtPerEntity() {
        JavaFileObject s = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id, @CreatedAt Instant created,",
                "  @CreatedAt Long createdMillis) {}");
        Compilation c = compile(s);
        onlyError(c, "MultipleAutoValues", s, "Long createdMillis");
        assertThat(text(c, "MultipleAutoValues")).contains("the first is field created");
    }

    @Test
    void oneAutomaticValuePerField() {
        JavaFileObject s = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id,",
                "  @CreatedAt @UpdatedAt Instant stamp) {}");
        onlyError(compile(s), "AutoValueConflict", s, "Instant stamp");
    }

    @Test
    void notWithVersionIgnoreOrConvert() {
        JavaFileObject v = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id,",
                "  @Counter @Version long version) {}");
        onlyError(compile(v), "AutoValueConflict", v, "long version");
        JavaFileObject i = source(
                "Note",
                "@Table(name = \"Notes\")",
                "record Note(@PartitionKey String id,",
                "  @Ignore @UpdatedAt Instant seen) {}");
        onlyError(compile(i), "AutoValueConflict", i, "Instant seen");
    }

    @Test
    void notABaseTableKey() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "record Event(@PartitionKey String stream,",
                "  @SortKey @CreatedAt Instant at) {}");
        Compilation c = compile(s);
        onlyError(c, "AutoValueInKey", s, "Instant at");
        assertThat(text(c, "AutoValueInKey")).contains("a base-table key");
    }

    @Test
    void notAnIndexPartitionKeyButASortKey() {
        JavaFileObject s = source(
                "Post",
                "@Table(name = \"Posts\")",
                "record Post(@PartitionKey String id,",
                "  @GsiKey(index = \"ByDay\") @UpdatedAt Instant updated) {}");
        Compilation c = compile(s);
        onlyError(c, "AutoValueInKey", s, "Instant updated");
        assertThat(text(c, "AutoValueInKey")).contains("the partition key of index \"ByDay\"");
    }

    @Test
    void notRenderedIntoAKeyTemplate() {
        JavaFileObject t =
                source("App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", "interface App {}");
        JavaFileObject u = source(
                "Post",
                "@Entity(table = App.class, type = \"Post\")",
                "@Key(pk = \"POST#{id}\", sk = \"V#{version:sortable}\")",
                "record Post(String id,",
                "  @Counter Long version) {}");
        Compilation c = compile(t, u);
        onlyError(c, "AutoValueInKey", u, "Long version");
    }
}
