package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

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
