package io.partita.processor;

import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Key attribute types and templates": key types, one type per attribute name, templates. */
class KeyTypesAndTemplatesTest {

    @Test
    void booleanPartitionKey() {
        JavaFileObject s = source("Item", "@Table(name = \"Items\")", "record Item(@PartitionKey boolean id) {}");
        onlyError(compile(s), "InvalidKeyType", s, "boolean id");
    }

    @Test
    void collectionGsiSortKeyPart() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @GsiKey(index = \"ByTags\") String owner,",
                "  @GsiKey(index = \"ByTags\", role = KeyRole.SORT) List<String> tags) {}");
        onlyError(compile(s), "InvalidKeyType", s, "List<String> tags");
    }

    @Test
    void nestedObjectLsiKey() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id, @SortKey String sk,",
                "  @LsiKey(index = \"ByAddress\") Address address) {}",
                "record Address(String city) {}");
        onlyError(compile(s), "InvalidKeyType", s, "Address address");
    }

    @Test
    void everyScalarKeyTypeIsAccepted() {
        Expect.clean(compile(source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey UUID id, @SortKey Instant at,",
                "  @GsiKey(index = \"Idx1\") CharSequence a, @GsiKey(index = \"Idx1\", role = KeyRole.SORT) BigDecimal b,",
                "  @GsiKey(index = \"Idx2\") byte[] c, @GsiKey(index = \"Idx2\", role = KeyRole.SORT) BigInteger d,",
                "  @GsiKey(index = \"Idx3\") ByteBuffer e, @GsiKey(index = \"Idx3\", role = KeyRole.SORT) LocalDate f,",
                "  @GsiKey(index = \"Idx4\") long g, @GsiKey(index = \"Idx4\", role = KeyRole.SORT) Double h,",
                "  @GsiKey(index = \"Idx5\") Color i) {}",
                "enum Color { A, B, C, D, E, F, G, H, I, J, K }")));
    }

    @Test
    void sameAttributeWithTwoKeyTypesAcrossEntitiesOfASharedTable() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"ByCode\")",
                "interface App {}");
        JavaFileObject a = source(
                "A",
                "@Entity(table = App.class, type = \"A\")",
                "@Key(pk = \"A#{id}\", sk = \"A\")",
                "record A(String id, @GsiKey(index = \"ByCode\") String code) {}");
        JavaFileObject b = source(
                "B",
                "@Entity(table = App.class, type = \"B\")",
                "@Key(pk = \"B#{id}\", sk = \"B\")",
                "record B(String id,",
                "  @GsiKey(index = \"ByCode\") long code) {}");
        onlyError(compile(t, a, b), "ConflictingKeyAttributeType", b, "long code");
    }

    @Test
    void nonKeyFieldReusingAKeyAttributeNameWithAnotherType() {
        JavaFileObject t = source(
                "App",
                "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
                "@Gsi(name = \"ByCode\")",
                "interface App {}");
        JavaFileObject a = source(
                "A",
                "@Entity(table = App.class, type = \"A\")",
                "@Key(pk = \"A#{id}\", sk = \"A\")",
                "record A(String id, @GsiKey(index = \"ByCode\") String code) {}");
        JavaFileObject b = source(
                "B",
                "@Entity(table = App.class, type = \"B\")",
                "@Key(pk = \"B#{id}\", sk = \"B\")",
                "record B(String id,",
                "  List<String> code) {}");
        onlyError(compile(t, a, b), "ConflictingKeyAttributeType", b, "List<String> code");
    }

    @Test
    void placeholderNamingNoField() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{userId}\")",
                "record User(String id) {}");
        var c = compile(t, u);
        onlyError(c, "UnknownPlaceholder", u, "USER#{userId}");
        assertThat(Expect.text(c, "UnknownPlaceholder")).contains("use one of: id");
    }

    @Test
    void placeholderNamingANonScalarField() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{roles}\")",
                "record User(List<String> roles) {}");
        onlyError(compile(t, u), "NonScalarPlaceholder", u, "USER#{roles}");
    }

    @Test
    void malformedTemplate() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id\")",
                "record User(String id) {}");
        onlyError(compile(t, u), "InvalidTemplate", u, "USER#{id");
    }

    @Test
    void adjacentPlaceholdersAreMalformed() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{a}{b}\")",
                "record User(String a, String b) {}");
        onlyError(compile(t, u), "InvalidTemplate", u, "USER#{a}{b}");
    }

    @Test
    void plainNumberInASortKeyTemplate() {
        JavaFileObject t =
                source("App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", "interface App {}");
        JavaFileObject u = source(
                "Score",
                "@Entity(table = App.class, type = \"Score\")",
                "@Key(pk = \"GAME#{game}\", sk = \"SCORE#{points}\")",
                "record Score(String game, int points) {}");
        var c = compile(t, u);
        onlyError(c, "UnorderedTemplatePart", u, "SCORE#{points}");
        assertThat(Expect.text(c, "UnorderedTemplatePart")).contains("{points:sortable}");
    }

    @Test
    void bigDecimalInASortKeyTemplateHasNoOrderPreservingForm() {
        JavaFileObject t =
                source("App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", "interface App {}");
        JavaFileObject u = source(
                "Price",
                "@Entity(table = App.class, type = \"Price\")",
                "@Key(pk = \"P#{id}\", sk = \"AMOUNT#{amount}\")",
                "record Price(String id, BigDecimal amount) {}");
        var c = compile(t, u);
        onlyError(c, "UnorderedTemplatePart", u, "AMOUNT#{amount}");
        assertThat(Expect.text(c, "UnorderedTemplatePart")).contains("no order-preserving text form");
    }

    @Test
    void sortableNumbersTimesAndNumbersInPartitionTemplatesAreFine() {
        JavaFileObject t =
                source("App", "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")", "interface App {}");
        JavaFileObject u = source(
                "Score",
                "@Entity(table = App.class, type = \"Score\")",
                "@Key(pk = \"GAME#{game}#{season}\", sk = \"SCORE#{points:sortable}#{at}#{day}\")",
                "record Score(String game, int season, int points, Instant at, LocalDate day) {}");
        Expect.clean(compile(t, u));
    }

    @Test
    void sortableFormatOnANonNumber() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id:sortable}\")",
                "record User(String id) {}");
        onlyError(compile(t, u), "InvalidTemplate", u, "USER#{id:sortable}");
    }
}
