package io.partita.processor;

import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Tables and names". */
class TablesAndNamesTest {

    @Test
    void invalidTableName() {
        JavaFileObject s = source("Item", "@Table(name = \"My Table!\")", "record Item(@PartitionKey String id) {}");
        onlyError(compile(s), "InvalidTableName", s, "My Table!");
    }

    @Test
    void tableNameTooShort() {
        JavaFileObject s = source("Item", "@Table(name = \"ab\")", "record Item(@PartitionKey String id) {}");
        onlyError(compile(s), "InvalidTableName", s, "\"ab\"");
    }

    @Test
    void invalidIndexName() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @GsiKey(index = \"by name\") String name) {}");
        onlyError(compile(s), "InvalidIndexName", s, "by name");
    }

    @Test
    void duplicateIndexName() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "@Gsi(name = \"ByName\")",
                "@Lsi(name = \"ByName\")",
                "record Item(@PartitionKey String id, @SortKey String sk, @GsiKey(index = \"ByName\") String name) {}");
        onlyError(compile(s), "DuplicateIndexName", s, "@Lsi(name = \"ByName\")");
    }

    @Test
    void missingPartitionKey() {
        JavaFileObject s = source("Item", "@Table(name = \"Items\")", "record Item(String id) {}");
        onlyError(compile(s), "MissingPartitionKey", s, "@Table");
    }

    @Test
    void multiplePartitionKeys() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @PartitionKey String other) {}");
        onlyError(compile(s), "MultiplePartitionKeys", s, "String other");
    }

    @Test
    void multipleSortKeys() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @SortKey String a,",
                "  @SortKey String b) {}");
        onlyError(compile(s), "MultipleSortKeys", s, "String b");
    }

    @Test
    void partitionAndSortKeyOnOneField() {
        JavaFileObject s =
                source("Item", "@Table(name = \"Items\")", "record Item(@PartitionKey @SortKey String id) {}");
        onlyError(compile(s), "PartitionAndSortKey", s, "String id");
    }

    @Test
    void twoFieldsOnOneAttributeName() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @Attribute(\"title\") String name,",
                "  String title) {}");
        onlyError(compile(s), "DuplicateAttributeName", s, "String title");
    }

    @Test
    void fieldNamedLikeARenderedKeyAttributeOfASharedTable() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id,",
                "  @Attribute(\"PK\") String legacy) {}");
        onlyError(compile(t, u), "DuplicateAttributeName", u, "legacy");
    }

    @Test
    void keyAttributeNameLongerThan255() {
        String longName = "a".repeat(256);
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey @Attribute(\"" + longName + "\") String id) {}");
        onlyError(compile(s), "InvalidAttributeName", s, longName);
    }

    @Test
    void emptyAttributeName() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @Attribute(\"\") String name) {}");
        onlyError(compile(s), "InvalidAttributeName", s, "String name");
    }

    @Test
    void classWithoutUsableConstructor() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "class Item {",
                "  @PartitionKey private final String id;",
                "  private final int n;",
                "  Item(String id) { this.id = id; this.n = 0; }",
                "  public String getId() { return id; }",
                "  public int getN() { return n; }",
                "}");
        onlyError(compile(s), "NotConstructible", s, "class Item");
    }

    @Test
    void privateFieldWithoutAccessor() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "class Item {",
                "  @PartitionKey private String id;",
                "  private int hidden;",
                "  public String getId() { return id; }",
                "  public void setId(String id) { this.id = id; }",
                "  public void setHidden(int hidden) { this.hidden = hidden; }",
                "}");
        onlyError(compile(s), "NotConstructible", s, "private int hidden");
    }

    @Test
    void beanAndAllArgsClassesAreConstructible() {
        Expect.clean(compile(
                source(
                        "Bean",
                        "@Table(name = \"Beans\")",
                        "class Bean {",
                        "  @PartitionKey private String id;",
                        "  private boolean active;",
                        "  public String getId() { return id; }",
                        "  public void setId(String id) { this.id = id; }",
                        "  public boolean isActive() { return active; }",
                        "  public void setActive(boolean active) { this.active = active; }",
                        "}"),
                source(
                        "Value",
                        "@Table(name = \"Values\")",
                        "final class Value {",
                        "  @PartitionKey private final String id;",
                        "  private final long n;",
                        "  Value(String id, long n) { this.id = id; this.n = n; }",
                        "  String id() { return id; }",
                        "  long n() { return n; }",
                        "}")));
    }

    @Test
    void abstractEntity() {
        JavaFileObject s =
                source("Item", "@Table(name = \"Items\")", "abstract class Item { @PartitionKey String id; }");
        onlyError(compile(s), "NotConstructible", s, "abstract class Item");
    }

    @Test
    void keyTemplatesOnASingleEntityTableAreMisplaced() {
        JavaFileObject s =
                source("Item", "@Table(name = \"Items\")", "@Key(pk = \"ITEM#{id}\")", "record Item(String id) {}");
        onlyError(compile(s), "MisplacedAnnotation", s, "@Key");
    }

    @Test
    void partitionKeyFieldInASharedTableEntityIsMisplaced() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User", "@Entity(table = App.class, type = \"User\")", "record User(@PartitionKey String id) {}");
        var c = compile(t, u);
        onlyError(c, "MisplacedAnnotation", u, "@PartitionKey");
        assertThat(Expect.text(c, "MisplacedAnnotation")).contains("@Key(pk = \"...{id}...\")");
    }

    @Test
    void ignoredKeyField() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @Ignore @GsiKey(index = \"ByName\") String name) {}");
        onlyError(compile(s), "IgnoredKeyField", s, "@Ignore");
    }

    @Test
    void invalidQueryName() {
        JavaFileObject s = source(
                "Item",
                "@Table(name = \"Items\")",
                "record Item(@PartitionKey String id,",
                "  @GsiKey(index = \"ByName\", query = \"by name\") String name) {}");
        onlyError(compile(s), "InvalidQueryName", s, "by name");
    }
}
