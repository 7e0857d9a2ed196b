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

/** {@code @Convert} (user converters) and the field types the runtime cannot map. */
class ConverterTest {
    private static final JavaFileObject MONEY =
            source("Money", "public record Money(BigDecimal amount, String currency) {}");

    private static JavaFileObject converter(String name, String declaration, String type) {
        return source(
                name,
                declaration + " implements io.partita.mapping.AttributeConverter<" + type + "> {",
                "  public io.partita.storage.value.AttributeValue toAttributeValue(" + type + " v) {",
                "    return io.partita.storage.value.AttributeValue.s(String.valueOf(v)); }",
                "  public " + type + " fromAttributeValue(io.partita.storage.value.AttributeValue v) { return null; }",
                "  public io.partita.storage.value.AttributeType attributeType() {",
                "    return io.partita.storage.value.AttributeType.S; }",
                "}");
    }

    private static final JavaFileObject MONEY_CONVERTER =
            converter("MoneyConverter", "public final class MoneyConverter", "Money");

    @Test
    void convertedFieldIsStoredThroughTheConverter() throws Exception {
        JavaFileObject invoice = source(
                "Invoice",
                "@Table(name = \"Invoices\")",
                "record Invoice(@PartitionKey String id, @Convert(MoneyConverter.class) Money total) {}");
        Compilation c = compile(invoice, MONEY, MONEY_CONVERTER);
        clean(c);
        String repo = c.generatedSourceFile("p.InvoiceRepository")
                .orElseThrow()
                .getCharContent(true)
                .toString();
        assertThat(repo).contains("Codecs.converted(new MoneyConverter())");
    }

    @Test
    void convertedFieldOfANestedTypeAndPackagePrivateConverter() {
        JavaFileObject conv = converter("Conv", "final class Conv", "Money");
        JavaFileObject line = source("Line", "record Line(String sku, @Convert(Conv.class) Money price) {}");
        JavaFileObject order =
                source("Cart", "@Table(name = \"Carts\")", "record Cart(@PartitionKey String id, List<Line> lines) {}");
        clean(compile(order, line, MONEY, conv));
    }

    @Test
    void converterOfAnotherType() {
        JavaFileObject invoice = source(
                "Invoice",
                "@Table(name = \"Invoices\")",
                "record Invoice(@PartitionKey String id,",
                "  @Convert(MoneyConverter.class) String total) {}");
        Compilation c = compile(invoice, MONEY, MONEY_CONVERTER);
        onlyError(c, "InvalidConverter", invoice, "String total");
        assertThat(text(c, "InvalidConverter")).contains("converts p.Money, but total is java.lang.String");
    }

    @Test
    void converterThatIsNotAConverter() {
        JavaFileObject invoice = source(
                "Invoice",
                "@Table(name = \"Invoices\")",
                "record Invoice(@PartitionKey String id,",
                "  @Convert(String.class) Money total) {}");
        Compilation c = compile(invoice, MONEY);
        onlyError(c, "InvalidConverter", invoice, "Money total");
        assertThat(text(c, "InvalidConverter")).contains("does not implement AttributeConverter<T>");
    }

    @Test
    void abstractConverterOrWithoutNoArgConstructor() {
        JavaFileObject abs = converter("AbsConverter", "public abstract class AbsConverter", "Money");
        JavaFileObject args = source(
                "ArgsConverter",
                "public final class ArgsConverter extends AbsConverter {",
                "  public ArgsConverter(int scale) {}",
                "}");
        JavaFileObject invoice = source(
                "Invoice",
                "@Table(name = \"Invoices\")",
                "record Invoice(@PartitionKey String id,",
                "  @Convert(AbsConverter.class) Money total,",
                "  @Convert(ArgsConverter.class) Money tax) {}");
        Compilation c = compile(invoice, MONEY, abs, args);
        assertThat(c)
                .hadErrorContaining("[InvalidConverter] @Convert(AbsConverter.class) on field total")
                .inFile(invoice)
                .onLineContaining("Money total");
        assertThat(c)
                .hadErrorContaining("has no accessible no-argument constructor")
                .inFile(invoice)
                .onLineContaining("Money tax");
        assertThat(c).hadErrorCount(2);
    }

    @Test
    void convertedKeyField() {
        JavaFileObject conv = converter("CodeConverter", "public final class CodeConverter", "String");
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @Convert(CodeConverter.class) @GsiKey(index = \"ByCode\") String code) {}");
        Compilation c = compile(s, conv);
        onlyError(c, "ConvertedKeyField", s, "String code");
        assertThat(text(c, "ConvertedKeyField")).contains("key attribute of index \"ByCode\"");
    }

    @Test
    void unsupportedFieldTypeNamesTheFieldAndTheConverterFix() {
        JavaFileObject s = source(
                "Reading",
                "@Table(name = \"Readings\")",
                "record Reading(@PartitionKey String id,",
                "  java.util.concurrent.atomic.AtomicLong counter) {}");
        Compilation c = compile(s);
        onlyError(c, "UnsupportedFieldType", s, "AtomicLong counter");
        assertThat(text(c, "UnsupportedFieldType"))
                .contains("field counter of Reading")
                .contains("@Convert(YourConverter.class) implementing AttributeConverter<AtomicLong>");
    }

    @Test
    void nestedTypeThatCannotBeConstructed() {
        JavaFileObject address = source(
                "Address",
                "final class Address {",
                "  private final String city;",
                "  private Address(String city) { this.city = city; }",
                "  public String getCity() { return city; }",
                "}");
        JavaFileObject s = source(
                "Customer",
                "@Table(name = \"Customers\")",
                "record Customer(@PartitionKey String id, Address address) {}");
        Compilation c = compile(s, address);
        assertThat(c)
                .hadErrorContaining("[NotConstructible] nested type Address cannot be created")
                .inFile(address)
                .onLineContaining("final class Address");
    }
}
