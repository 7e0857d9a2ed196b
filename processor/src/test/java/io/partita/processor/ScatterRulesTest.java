package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Expect.onlyWarning;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Write sharding (@Scatter)". */
class ScatterRulesTest {

    @Test
    void scatterOnAnUnknownIndex() {
        // ByTime is scattered correctly too (else it would lack a partition key): one problem, one error.
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByTime\", by = \"referrer\")",
                "@Scatter(index = \"ByTme\", by = \"referrer\")",
                "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
        onlyError(compile(s), "ScatterUnknownIndex", s, "ByTme");
    }

    @Test
    void scatterOnAnLsi() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByUrl\", by = \"referrer\")",
                "record Event(@PartitionKey String referrer, @SortKey Instant at, @LsiKey(index = \"ByUrl\") String url) {}");
        onlyError(compile(s), "ScatterOnLsi", s, "@Scatter");
    }

    @Test
    void shardsFromTwoToOneThousand() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByTime\", shards = 1001, by = \"referrer\")",
                "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
        onlyError(compile(s), "ScatterShards", s, "1001");
    }

    @Test
    void oneShardIsNotScattering() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByTime\", shards = 1, by = \"referrer\")",
                "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
        onlyError(compile(s), "ScatterShards", s, "shards = 1,");
    }

    @Test
    void byNamesNoField() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByTime\", by = \"referer\")",
                "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
        onlyError(compile(s), "ScatterBy", s, "referer");
    }

    @Test
    void byNamesANonScalarField() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByTime\", by = \"tags\")",
                "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at,",
                "  List<String> tags) {}");
        onlyError(compile(s), "ScatterBy", s, "by = \"tags\"");
    }

    @Test
    void scatteringOneIndexTwice() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByTime\", by = \"referrer\")",
                "@Scatter(index = \"ByTime\", shards = 20)",
                "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
        onlyError(compile(s), "DuplicateScatter", s, "shards = 20");
    }

    @Test
    void randomShardsOnAVersionedEntityWarn() {
        JavaFileObject s = source(
                "Counter",
                "@Table(name = \"Counters\")",
                "@Scatter(index = \"ByTime\", shards = 100)",
                "record Counter(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at,",
                "  long clicks, @Version long version) {}");
        onlyWarning(compile(s), "RandomScatterUpdatedInPlace", s, "@Scatter");
    }

    @Test
    void randomShardsOnAMutableClassWarn() {
        JavaFileObject s = source(
                "Counter",
                "@Table(name = \"Counters\")",
                "@Scatter(index = \"ByTime\", shards = 100)",
                "class Counter {",
                "  @PartitionKey String referrer;",
                "  @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at;",
                "  long clicks;",
                "}");
        onlyWarning(compile(s), "RandomScatterUpdatedInPlace", s, "@Scatter");
    }

    @Test
    void randomShardsOnAWriteOnceRecordAreFine() {
        clean(compile(source(
                "Click",
                "@Table(name = \"Clicks\")",
                "@Scatter(index = \"ByTime\", shards = 100)",
                "record Click(@PartitionKey String id, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at,",
                "  String referrer) {}")));
    }

    @Test
    void theShardNeedsAFreePartitionKeyPart() {
        JavaFileObject s = source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByKind\", by = \"id\")",
                "record Event(@PartitionKey String id,",
                "  @GsiKey(index = \"ByKind\", order = 0) String a, @GsiKey(index = \"ByKind\", order = 1) String b,",
                "  @GsiKey(index = \"ByKind\", order = 2) String c, @GsiKey(index = \"ByKind\", order = 3) String d) {}");
        onlyError(compile(s), "ScatterKeyPartsFull", s, "@Scatter");
    }

    @Test
    void threeFieldPartsLeaveRoomForTheShard() {
        clean(compile(source(
                "Event",
                "@Table(name = \"Events\")",
                "@Scatter(index = \"ByKind\", by = \"id\")",
                "record Event(@PartitionKey String id,",
                "  @GsiKey(index = \"ByKind\", order = 0) String a, @GsiKey(index = \"ByKind\", order = 1) String b,",
                "  @GsiKey(index = \"ByKind\", order = 2) String c) {}")));
    }

    private static final JavaFileObject SHOP = source(
            "Shop",
            "@Table(name = \"Shop\", partitionKey = \"PK\", sortKey = \"SK\")",
            "@Gsi(name = \"ByStatus\")",
            "@Gsi(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\")",
            "interface Shop {}");

    @Test
    void aFieldKeyedSharedIndexIsScatteredByEveryEntityOrNone() {
        JavaFileObject a = source(
                "Order",
                "@Entity(table = Shop.class, type = \"Order\")",
                "@Key(pk = \"ORDER#{id}\", sk = \"ORDER\")",
                "@Scatter(index = \"ByStatus\", shards = 4, by = \"id\")",
                "record Order(String id, @GsiKey(index = \"ByStatus\") String status) {}");
        JavaFileObject b = source(
                "Ticket",
                "@Entity(table = Shop.class, type = \"Ticket\")",
                "@Key(pk = \"TICKET#{id}\", sk = \"TICKET\")",
                "record Ticket(String id, @GsiKey(index = \"ByStatus\") String status) {}");
        onlyError(compile(SHOP, a, b), "ScatterNotUniform", b, "type = \"Ticket\"");
    }

    @Test
    void overloadedKeysAreScatteredPerEntity() {
        clean(compile(
                SHOP,
                source(
                        "Order",
                        "@Entity(table = Shop.class, type = \"Order\")",
                        "@Key(pk = \"ORDER#{id}\", sk = \"ORDER\")",
                        "@GsiKey(index = \"GSI1\", pk = \"STATUS#{status}\", sk = \"{id}\", query = \"byStatus\")",
                        "@Scatter(index = \"GSI1\", shards = 8, by = \"id\")",
                        "record Order(String id, String status) {}"),
                source(
                        "User",
                        "@Entity(table = Shop.class, type = \"User\")",
                        "@Key(pk = \"USER#{id}\", sk = \"PROFILE\")",
                        "@GsiKey(index = \"GSI1\", pk = \"EMAIL#{email}\", sk = \"USER\", query = \"byEmail\")",
                        "record User(String id, String email) {}")));
    }
}
