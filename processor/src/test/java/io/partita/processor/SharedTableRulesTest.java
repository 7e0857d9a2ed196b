package io.partita.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.KOTLIN_METADATA;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Shared tables and overloaded indexes". */
class SharedTableRulesTest {
    private static final JavaFileObject APP = source(
            "App",
            "@Table(name = \"App\", partitionKey = \"PK\", sortKey = \"SK\")",
            "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")",
            "interface App {}");

    @Test
    void kotlinTableInterfaceIsNotSeenAsSealed() {
        JavaFileObject shop = source(
                "Shop",
                "@kotlin.Metadata",
                "@Table(name = \"Shop\", partitionKey = \"PK\", sortKey = \"SK\")",
                "interface Shop {}");
        JavaFileObject item = source(
                "Item",
                "@Entity(table = Shop.class, type = \"Item\")",
                "@Key(pk = \"ITEM#{id}\", sk = \"ITEM\")",
                "record Item(String id) implements Shop {}");
        var c = compile(KOTLIN_METADATA, shop, item);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .hadNoteContaining("[KotlinSealedDropped] shared table Shop is a Kotlin interface")
                .inFile(shop)
                .onLineContaining("interface Shop");
    }

    @Test
    void entityTypesAreDistinct() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "record User(String id) {}");
        JavaFileObject b = source(
                "Admin",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"ADMIN#{id}\", sk = \"PROFILE\")",
                "record Admin(String id) {}");
        onlyError(compile(APP, a, b), "DuplicateEntityType", b, "type = \"User\"");
    }

    @Test
    void baseKeysThatCanCollide() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "record User(String id) {}");
        JavaFileObject b = source(
                "Profile",
                "@Entity(table = App.class, type = \"Profile\")",
                "@Key(pk = \"USER#{userId}\", sk = \"PROFILE\")",
                "record Profile(String userId) {}");
        onlyError(compile(APP, a, b), "SharedKeyCollision", b, "@Key(pk = \"USER#{userId}\"");
    }

    @Test
    void placeholderOnlyTemplatesCanCollideWithAnything() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "record User(String id) {}");
        JavaFileObject b = source(
                "Thing",
                "@Entity(table = App.class, type = \"Thing\")",
                "@Key(pk = \"{id}\", sk = \"{kind}\")",
                "record Thing(String id, String kind) {}");
        onlyError(compile(APP, a, b), "SharedKeyCollision", b, "@Key(pk = \"{id}\"");
    }

    @Test
    void distinctLiteralsKeepEntitiesApartEvenInOneItemCollection() {
        clean(compile(
                APP,
                source(
                        "User",
                        "@Entity(table = App.class, type = \"User\")",
                        "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                        "record User(String id) {}"),
                source(
                        "Order",
                        "@Entity(table = App.class, type = \"Order\")",
                        "@Key(pk = \"USER#{userId}\", sk = \"ORDER#{orderId}\")",
                        "record Order(String userId, String orderId) {}")));
    }

    @Test
    void baseKeyTemplateMustMatchTheTableKeys() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id) {}");
        onlyError(compile(APP, a), "KeyTemplateMismatch", a, "@Key(pk = \"USER#{id}\")");
    }

    @Test
    void entityWithoutKey() {
        JavaFileObject a = source("User", "@Entity(table = App.class, type = \"User\")", "record User(String id) {}");
        onlyError(compile(APP, a), "MissingPartitionKey", a, "@Entity");
    }

    @Test
    void sharedTableWithoutPartitionKeyAttribute() {
        JavaFileObject t = source("Bare", "@Table(name = \"Bare\")", "interface Bare {}");
        onlyError(compile(t), "MissingPartitionKey", t, "@Table(name = \"Bare\")");
    }

    @Test
    void entityNamingATableThatIsNotShared() {
        JavaFileObject t = source("Solo", "@Table(name = \"Solo\")", "record Solo(@PartitionKey String id) {}");
        JavaFileObject a = source(
                "User",
                "@Entity(table = Solo.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id) {}");
        onlyError(compile(t, a), "NotASharedTable", a, "record User");
    }

    @Test
    void overloadedKeyNamesAnUndeclaredIndex() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "@GsiKey(index = \"GSI9\", pk = \"EMAIL#{email}\", sk = \"USER\")",
                "record User(String id, String email) {}");
        onlyError(compile(APP, a), "UnknownIndex", a, "GSI9");
    }

    @Test
    void overloadedKeyMustFillEveryDeclaredKeyAttribute() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "@GsiKey(index = \"GSI1\", pk = \"EMAIL#{email}\")",
                "record User(String id, String email) {}");
        onlyError(compile(APP, a), "OverloadedKeyMismatch", a, "EMAIL#{email}");
    }

    @Test
    void fieldKeyOnAnOverloadedIndex() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "record User(String id,",
                "  @GsiKey(index = \"GSI1\") String email) {}");
        onlyError(compile(APP, a), "OverloadedKeyMismatch", a, "String email");
    }

    @Test
    void ambiguousOverloadedKeys() {
        JavaFileObject a = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                "@GsiKey(index = \"GSI1\", pk = \"NAME#{name}\", sk = \"ENTITY\")",
                "record User(String id, String name) {}");
        JavaFileObject b = source(
                "Product",
                "@Entity(table = App.class, type = \"Product\")",
                "@Key(pk = \"PRODUCT#{id}\", sk = \"PRODUCT\")",
                "@GsiKey(index = \"GSI1\", pk = \"NAME#{title}\", sk = \"ENTITY\")",
                "record Product(String id, String title) {}");
        onlyError(compile(APP, a, b), "AmbiguousOverloadedKey", b, "NAME#{title}");
    }

    @Test
    void sortKeyLiteralDisambiguatesOverloadedKeys() {
        clean(compile(
                APP,
                source(
                        "User",
                        "@Entity(table = App.class, type = \"User\")",
                        "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                        "@GsiKey(index = \"GSI1\", pk = \"NAME#{name}\", sk = \"USER\")",
                        "record User(String id, String name) {}"),
                source(
                        "Product",
                        "@Entity(table = App.class, type = \"Product\")",
                        "@Key(pk = \"PRODUCT#{id}\", sk = \"PRODUCT\")",
                        "@GsiKey(index = \"GSI1\", pk = \"NAME#{title}\", sk = \"PRODUCT#{id}\")",
                        "record Product(String id, String title) {}")));
    }
}
