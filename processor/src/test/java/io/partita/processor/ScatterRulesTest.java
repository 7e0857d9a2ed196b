package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Expect.onlyWarning;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** RULES.md "Scatter". */
class ScatterRulesTest {

  @Test
  void scatterOnAnUnknownIndex() {
    // ByTime is scattered correctly too (else it would lack a partition key): one problem, one error.
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByTime\", by = \"referrer\")",
        "@Scatter(index = \"ByTme\", by = \"referrer\")",
        "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
    onlyError(compile(s), "ScatterUnknownIndex", s, "ByTme");
  }

  @Test
  void scatterOnAnLsi() {
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByUrl\", by = \"referrer\")",
        "record Event(@PartitionKey String referrer, @SortKey Instant at, @LsiKey(index = \"ByUrl\") String url) {}");
    onlyError(compile(s), "ScatterOnLsi", s, "@Scatter");
  }

  @Test
  void shardsFromTwoToOneThousand() {
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByTime\", shards = 1001, by = \"referrer\")",
        "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
    onlyError(compile(s), "ScatterShards", s, "1001");
  }

  @Test
  void oneShardIsNotScattering() {
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByTime\", shards = 1, by = \"referrer\")",
        "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
    onlyError(compile(s), "ScatterShards", s, "shards = 1,");
  }

  @Test
  void byNamesNoField() {
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByTime\", by = \"referer\")",
        "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
    onlyError(compile(s), "ScatterBy", s, "referer");
  }

  @Test
  void byNamesANonScalarField() {
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByTime\", by = \"tags\")",
        "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at,",
        "  List<String> tags) {}");
    onlyError(compile(s), "ScatterBy", s, "by = \"tags\"");
  }

  @Test
  void scatteringOneIndexTwice() {
    JavaFileObject s = source("Event", "@Table(name = \"Events\")",
        "@Scatter(index = \"ByTime\", by = \"referrer\")",
        "@Scatter(index = \"ByTime\", shards = 20)",
        "record Event(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at) {}");
    onlyError(compile(s), "DuplicateScatter", s, "shards = 20");
  }

  @Test
  void randomShardsOnAVersionedEntityWarn() {
    JavaFileObject s = source("Counter", "@Table(name = \"Counters\")",
        "@Scatter(index = \"ByTime\", shards = 100)",
        "record Counter(@PartitionKey String referrer, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at,",
        "  long clicks, @Version long version) {}");
    onlyWarning(compile(s), "RandomScatterUpdatedInPlace", s, "@Scatter");
  }

  @Test
  void randomShardsOnAMutableClassWarn() {
    JavaFileObject s = source("Counter", "@Table(name = \"Counters\")",
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
    clean(compile(source("Click", "@Table(name = \"Clicks\")",
        "@Scatter(index = \"ByTime\", shards = 100)",
        "record Click(@PartitionKey String id, @GsiKey(index = \"ByTime\", role = KeyRole.SORT) Instant at,",
        "  String referrer) {}")));
  }
}
