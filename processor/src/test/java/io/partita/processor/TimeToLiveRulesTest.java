package io.partita.processor;

import static io.partita.processor.Expect.clean;
import static io.partita.processor.Expect.onlyError;
import static io.partita.processor.Sources.compile;
import static io.partita.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** docs/rules.md "Time to live": {@code @Ttl} types, one per entity and table, never a key; what it generates. */
class TimeToLiveRulesTest {

    private static String generated(Compilation c, String type) throws IOException {
        return c.generatedSourceFile(type).orElseThrow().getCharContent(true).toString();
    }

    @Test
    void instantIsStoredAsEpochSecondsAndEnablesTimeToLiveOnTheTable() throws IOException {
        Compilation c = compile(source(
                "Session",
                "@Table(name = \"Sessions\")",
                "record Session(@PartitionKey String id, Instant createdAt,",
                "  @Ttl @Attribute(\"ExpiresAt\") Instant expiresAt) {}"));
        clean(c);
        String repo = generated(c, "p.SessionRepository");
        assertThat(repo).contains("write(item, \"ExpiresAt\", e.expiresAt(), EpochSeconds.INSTANT);");
        assertThat(repo).contains("read(item, 2, \"ExpiresAt\", EpochSeconds.INSTANT)");
        assertThat(repo).contains("writeInstant(item, \"createdAt\", e.createdAt());");
        assertThat(repo).contains(".timeToLive(\"ExpiresAt\")");
        Map<String, String> reports = GoldenFilesTest.reports(c);
        assertThat(reports.get("META-INF/partita/Sessions.update-time-to-live.json"))
                .isEqualTo("{\n  \"TableName\": \"Sessions\",\n  \"TimeToLiveSpecification\": {\n"
                        + "    \"Enabled\": true,\n    \"AttributeName\": \"ExpiresAt\"\n  }\n}\n");
        assertThat(reports.get("META-INF/partita/Sessions.create-table.json")).doesNotContain("ExpiresAt");
        assertThat(reports.get("META-INF/partita/Sessions.md"))
                .contains("## Time to live", "attribute `ExpiresAt`", "`Session.expiresAt`");
    }

    @Test
    void epochSecondsInIntegralTypesAreFine() throws IOException {
        for (String type : new String[] {"long", "Long", "int", "Integer"}) {
            Compilation c = compile(source(
                    "Token",
                    "@Table(name = \"Tokens\")",
                    "record Token(@PartitionKey String id, @Ttl " + type + " expires) {}"));
            clean(c);
            assertThat(generated(c, "p.TokenRepository")).contains(".timeToLive(\"expires\")");
        }
        Compilation none = compile(
                source("Token", "@Table(name = \"Tokens\")", "record Token(@PartitionKey String id, long expires) {}"));
        clean(none);
        assertThat(generated(none, "p.TokenRepository")).doesNotContain("timeToLive");
        assertThat(GoldenFilesTest.reports(none)).doesNotContainKey("META-INF/partita/Tokens.update-time-to-live.json");
    }

    @Test
    void ttlOfAnotherType() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "record Token(@PartitionKey String id,",
                "  @Ttl String expires) {}");
        onlyError(compile(s), "TtlType", s, "String expires");
    }

    @Test
    void ttlOfADateTimeThatIsNotAnInstant() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "record Token(@PartitionKey String id,",
                "  @Ttl LocalDateTime expires) {}");
        onlyError(compile(s), "TtlType", s, "LocalDateTime expires");
    }

    @Test
    void atMostOneTtlPerEntity() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "record Token(@PartitionKey String id, @Ttl Instant expires,",
                "  @Ttl long alsoExpires) {}");
        onlyError(compile(s), "MultipleTtls", s, "long alsoExpires");
    }

    @Test
    void ttlOnAnIgnoredField() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "record Token(@PartitionKey String id,",
                "  @Ttl @Ignore Instant expires) {}");
        onlyError(compile(s), "UnstoredTtl", s, "Instant expires");
    }

    @Test
    void ttlOnATransientField() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "class Token {",
                "  @PartitionKey String id;",
                "  @Ttl transient long expires;",
                "}");
        onlyError(compile(s), "UnstoredTtl", s, "long expires");
    }

    @Test
    void ttlOnTheBaseKey() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "record Token(@PartitionKey String id,",
                "  @Ttl @SortKey long expires) {}");
        onlyError(compile(s), "TtlKeyAttribute", s, "long expires");
    }

    @Test
    void ttlOnAnIndexKey() {
        JavaFileObject s = source(
                "Token",
                "@Table(name = \"Tokens\")",
                "record Token(@PartitionKey String id, @GsiKey(index = \"ByKind\") String kind,",
                "  @Ttl @GsiKey(index = \"ByKind\", role = KeyRole.SORT) Instant expires) {}");
        onlyError(compile(s), "TtlKeyAttribute", s, "Instant expires");
    }

    @Test
    void sharedTableEntitiesShareOneTtlAttribute() throws IOException {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "Session",
                "@Entity(table = App.class, type = \"Session\")",
                "@Key(pk = \"SESSION#{id}\")",
                "record Session(String id, @Ttl @Attribute(\"ttl\") Instant expires) {}");
        JavaFileObject v = source(
                "Code",
                "@Entity(table = App.class, type = \"Code\")",
                "@Key(pk = \"CODE#{id}\")",
                "record Code(String id, @Ttl @Attribute(\"ttl\") long validUntil) {}");
        JavaFileObject w = source(
                "User",
                "@Entity(table = App.class, type = \"User\")",
                "@Key(pk = \"USER#{id}\")",
                "record User(String id) {}");
        Compilation c = compile(t, u, v, w);
        clean(c);
        assertThat(generated(c, "p.AppRepository")).contains(".timeToLive(\"ttl\")");
    }

    @Test
    void sharedTableEntitiesWithDifferentTtlAttributes() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "Session",
                "@Entity(table = App.class, type = \"Session\")",
                "@Key(pk = \"SESSION#{id}\")",
                "record Session(String id, @Ttl Instant expires) {}");
        JavaFileObject v = source(
                "Code",
                "@Entity(table = App.class, type = \"Code\")",
                "@Key(pk = \"CODE#{id}\")",
                "record Code(String id,",
                "  @Ttl long validUntil) {}");
        onlyError(compile(t, u, v), "ConflictingTtlAttributes", v, "long validUntil");
    }

    @Test
    void ttlOnASharedTableKeyTemplateField() {
        JavaFileObject t = source("App", "@Table(name = \"App\", partitionKey = \"PK\")", "interface App {}");
        JavaFileObject u = source(
                "Session",
                "@Entity(table = App.class, type = \"Session\")",
                "@Key(pk = \"SESSION#{expires}\")",
                "record Session(",
                "  @Ttl long expires) {}");
        onlyError(compile(t, u), "TtlKeyAttribute", u, "long expires");
    }
}
