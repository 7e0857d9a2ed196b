package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.KOTLIN_METADATA;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Sparse indexes and versions". */
class SparseAndVersionTest {

    @Test
    void sparseOnAPrimitive() {
        JavaFileObject s = source(
                "Score",
                "@Table(name = \"Scores\")",
                "record Score(@PartitionKey String id,",
                "  @Sparse @GsiKey(index = \"ByTop\") int topScore) {}");
        onlyError(compile(s), "SparsePrimitive", s, "int topScore");
    }

    @Test
    void sparseOnABaseKeyField() {
        JavaFileObject s = source(
                "Score",
                "@Table(name = \"Scores\")",
                "record Score(@PartitionKey String id,",
                "  @Sparse @SortKey String game) {}");
        onlyError(compile(s), "SparseBaseKey", s, "String game");
    }

    @Test
    void sparseOnAFieldOfASharedTableBaseKeyTemplate() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(",
                "  @Sparse String id) {}");
        onlyError(compile(t, u), "SparseBaseKey", u, "String id");
    }

    @Test
    void sparseBoxedIndexKeyIsFine() {
        clean(compile(source(
                "Score",
                "@Table(name = \"Scores\")",
                "record Score(@PartitionKey String id, @GsiKey(index = \"ByGame\") String game,",
                "  @Sparse @GsiKey(index = \"ByGame\", role = KeyRole.SORT) Integer topScore) {}")));
    }

    /** What kapt's stubs carry: {@code kotlin.Metadata} on the class (declared here, the processor matches the name). */
    private static final JavaFileObject KOTLIN_METADATA =
            JavaFileObjects.forSourceLines("kotlin.Metadata", "package kotlin;", "public @interface Metadata {}");

    private static final JavaFileObject JETBRAINS_NULLABLE = JavaFileObjects.forSourceLines(
            "org.jetbrains.annotations.Nullable",
            "package org.jetbrains.annotations;",
            "public @interface Nullable {}");

    @Test
    void kotlinNullableIndexKeyWithoutSparse() {
        JavaFileObject s = source(
                "Book",
                "@kotlin.Metadata",
                "@Table(name = \"Books\")",
                "record Book(@PartitionKey String isbn,",
                "  @org.jetbrains.annotations.Nullable @GsiKey(index = \"ByShelf\") String shelf) {}");
        onlyError(compile(KOTLIN_METADATA, JETBRAINS_NULLABLE, s), "KotlinNullableIndexKey", s, "String shelf");
    }

    @Test
    void kotlinNullableIndexKeyWithSparseIsFine() {
        clean(
                compile(
                        KOTLIN_METADATA,
                        JETBRAINS_NULLABLE,
                        source(
                                "Book",
                                "@kotlin.Metadata",
                                "@Table(name = \"Books\")",
                                "record Book(@PartitionKey String isbn,",
                                "  @org.jetbrains.annotations.Nullable @Sparse @GsiKey(index = \"ByShelf\") String shelf) {}")));
    }

    /** Java code keeps its meaning: a Nullable annotation outside a Kotlin class is not read. */
    @Test
    void javaNullableIndexKeyIsNotChecked() {
        clean(compile(
                JETBRAINS_NULLABLE,
                source(
                        "Book",
                        "@Table(name = \"Books\")",
                        "record Book(@PartitionKey String isbn,",
                        "  @org.jetbrains.annotations.Nullable @GsiKey(index = \"ByShelf\") String shelf) {}")));
    }

    @Test
    void versionMustBeLong() {
        JavaFileObject s = source(
                "Account",
                "@Table(name = \"Accounts\")",
                "record Account(@PartitionKey String id,",
                "  @Version int version) {}");
        onlyError(compile(s), "VersionType", s, "int version");
    }

    @Test
    void atMostOneVersion() {
        JavaFileObject s = source(
                "Account",
                "@Table(name = \"Accounts\")",
                "record Account(@PartitionKey String id, @Version long version,",
                "  @Version Long other) {}");
        onlyError(compile(s), "MultipleVersions", s, "Long other");
    }
}
