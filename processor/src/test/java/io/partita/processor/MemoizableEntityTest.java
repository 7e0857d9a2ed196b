package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Which entities' generated schemas declare {@code memoizableType()} (their decoded instances may be kept with stored
 * items and reused): records whose every component is deeply immutable, read without converters; nothing else.
 */
class MemoizableEntityTest {
    private static final String OVERRIDE = "public Class<Doc> memoizableType() {";

    private static String repository(JavaFileObject... sources) throws IOException {
        Compilation c = compile(sources);
        clean(c);
        return c.generatedSourceFile("p.DocRepository")
                .orElseThrow()
                .getCharContent(true)
                .toString();
    }

    private static JavaFileObject doc(String components) {
        return source("Doc", "@Table(name = \"Docs\")", "record Doc(@PartitionKey String id, " + components + ") {}");
    }

    @Test
    void aRecordOfImmutableValuesIsMemoizable() throws IOException {
        JavaFileObject status = source("Status", "enum Status { OPEN, CLOSED }");
        JavaFileObject point = source("Point", "record Point(int x, Integer y, LocalDate day) {}");
        String repo = repository(
                doc("long n, Integer boxed, boolean flag, double d, BigDecimal amount, BigInteger big, UUID uuid,"
                        + " Instant at, LocalDateTime local, Duration took, Status status, Point point,"
                        + " @Ignore String notStored"),
                status,
                point);
        assertThat(repo).contains(OVERRIDE).contains("return Doc.class;");
    }

    @Test
    void collectionsArraysAndBinaryAreNot() throws IOException {
        assertThat(repository(doc("List<String> tags"))).doesNotContain("memoizableType");
        assertThat(repository(doc("Set<String> tags"))).doesNotContain("memoizableType");
        assertThat(repository(doc("Map<String, String> attributes"))).doesNotContain("memoizableType");
        assertThat(repository(doc("byte[] data"))).doesNotContain("memoizableType");
        assertThat(repository(doc("ByteBuffer data"))).doesNotContain("memoizableType");
    }

    @Test
    void aNestedRecordHoldingACollectionIsNot() throws IOException {
        JavaFileObject line = source("Line", "record Line(String sku, List<String> notes) {}");
        assertThat(repository(doc("Line line"), line)).doesNotContain("memoizableType");
    }

    @Test
    void aMutableNestedClassIsNot() throws IOException {
        JavaFileObject money = source(
                "Money",
                "public class Money {",
                "  private BigDecimal amount;",
                "  public BigDecimal getAmount() { return amount; }",
                "  public void setAmount(BigDecimal amount) { this.amount = amount; }",
                "}");
        assertThat(repository(doc("Money money"), money)).doesNotContain("memoizableType");
    }

    @Test
    void aConvertedFieldIsNot() throws IOException {
        JavaFileObject converter = source(
                "Upper",
                "final class Upper implements io.partita.mapping.AttributeConverter<String> {",
                "  public io.partita.storage.value.AttributeValue toAttributeValue(String v) {",
                "    return io.partita.storage.value.AttributeValue.s(v.toUpperCase()); }",
                "  public String fromAttributeValue(io.partita.storage.value.AttributeValue v) { return v.asS(); }",
                "  public io.partita.storage.value.AttributeType attributeType() {",
                "    return io.partita.storage.value.AttributeType.S; }",
                "}");
        assertThat(repository(doc("@Convert(Upper.class) String name"), converter))
                .doesNotContain("memoizableType");
    }

    @Test
    void aClassEntityIsNot() throws IOException {
        JavaFileObject doc = source(
                "Doc",
                "@Table(name = \"Docs\")",
                "public class Doc {",
                "  @PartitionKey private String id;",
                "  public String getId() { return id; }",
                "  public void setId(String id) { this.id = id; }",
                "}");
        assertThat(repository(doc)).doesNotContain("memoizableType");
    }
}
