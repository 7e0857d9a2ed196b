package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** A sealed shared-table interface: item-collection queries and decode return it instead of Object. */
class SealedSharedTableTest {
    private static final JavaFileObject USER = source(
            "User",
            "@Entity(table = Shop.class, type = \"User\")",
            "@Key(pk = \"SHOP#{shop}\", sk = \"USER#{id}\")",
            "record User(String shop, String id) implements Shop {}");
    private static final JavaFileObject ORDER = source(
            "Order",
            "@Entity(table = Shop.class, type = \"Order\")",
            "@Key(pk = \"SHOP#{shop}\", sk = \"ORDER#{id}\")",
            "record Order(String shop, String id) implements Shop {}");

    @Test
    void collectionQueriesReturnTheSealedType() {
        JavaFileObject shop = source(
                "Shop",
                "@Table(name = \"Shop\", partitionKey = \"PK\", sortKey = \"SK\")",
                "sealed interface Shop permits User, Order {}");
        JavaFileObject caller = source(
                "Caller",
                "class Caller {",
                "  static int users(io.partita.Partita db) {",
                "    List<Shop> items = ShopRepository.of(db).shopCollection(\"s1\").list();",
                "    Shop decoded = ShopRepository.decode(Map.of());",
                "    return (int) items.stream().filter(i -> i instanceof User).count() + (decoded == null ? 0 : 1);",
                "  }",
                "}");
        Compilation c = compile(shop, USER, ORDER, caller);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedSourceFile("p.ShopRepository")
                .contentsAsUtf8String()
                .contains("public ShopCollectionQuery shopCollection(String shop)");
        assertThat(c)
                .generatedSourceFile("p.ShopRepository")
                .contentsAsUtf8String()
                .contains("extends ConsistentQueryBuilder<Shop, ShopCollectionQuery>");
    }

    @Test
    void aPlainInterfaceStillReturnsObject() {
        JavaFileObject shop =
                source("Shop", "@Table(name = \"Shop\", partitionKey = \"PK\", sortKey = \"SK\")", "interface Shop {}");
        Compilation c = compile(shop, USER, ORDER);
        assertThat(c).succeeded();
        assertThat(c)
                .generatedSourceFile("p.ShopRepository")
                .contentsAsUtf8String()
                .contains("extends ConsistentQueryBuilder<Object, ShopCollectionQuery>");
    }
}
