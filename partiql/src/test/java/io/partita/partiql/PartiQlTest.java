package io.partita.partiql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Statements translated into the core's requests and run on an in-memory core. */
class PartiQlTest {
    private Storage storage;
    private PartiQl partiQl;

    @BeforeEach
    void table() {
        storage = Storage.inMemory();
        storage.createTable(TableDefinition.builder("Music")
                .partitionKey(KeyAttribute.s("artist"))
                .sortKey(KeyAttribute.n("track"))
                .globalSecondaryIndex("ByGenre", KeyAttribute.s("genre"), null, Projection.all())
                .build());
        partiQl = new PartiQl(storage);
        for (int i = 0; i < 5; i++) {
            run(
                    "INSERT INTO Music VALUE {'artist': 'a', 'track': ?, 'genre': 'rock', 'n': ?}",
                    AttributeValue.n(i),
                    AttributeValue.n(i * 10L));
        }
        run("INSERT INTO Music VALUE {'artist': 'b', 'track': 1, 'genre': 'jazz', 'tags': <<'x'>>}");
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private StatementResult run(String statement, AttributeValue... parameters) {
        return partiQl.execute(statement, List.of(parameters), false, null, null, ReturnConsumedCapacity.NONE, false);
    }

    private Map<String, AttributeValue> get(String artist, int track) {
        return storage.getItem(GetItemRequest.builder()
                        .tableName("Music")
                        .key(Map.of("artist", AttributeValue.s(artist), "track", AttributeValue.n(track)))
                        .build())
                .item();
    }

    @Test
    void aSelectFixingThePartitionKeyIsAQueryWithItsSortKeyRange() {
        StatementParser.Parsed p =
                StatementParser.parse("SELECT n FROM Music WHERE artist = 'a' AND track BETWEEN 1 AND 3 AND n > 10");
        Plan plan =
                new Translator(storage).translate(p, List.of(), new Translator.Options(false, null, null, null, false));
        assertThat(plan).isInstanceOf(Plan.Query.class);
        var q = ((Plan.Query) plan).request();
        assertThat(q.keyConditionExpression()).isEqualTo("#n0 = :v0 AND #n2 BETWEEN :v1 AND :v2");
        assertThat(q.filterExpression()).isEqualTo("#n1 > :v3");
        assertThat(q.projectionExpression()).isEqualTo("#n1");
        assertThat(run("SELECT n FROM Music WHERE artist = 'a' AND track BETWEEN 1 AND 3 AND n > 10")
                        .items())
                .containsExactly(Map.of("n", AttributeValue.n(20)), Map.of("n", AttributeValue.n(30)));
    }

    @Test
    void anyOtherSelectIsAScan() {
        StatementParser.Parsed p = StatementParser.parse("SELECT * FROM Music WHERE artist = 'a' OR n = 1");
        Plan plan =
                new Translator(storage).translate(p, List.of(), new Translator.Options(false, null, null, null, false));
        assertThat(plan).isInstanceOf(Plan.Scan.class);
        assertThat(run("SELECT * FROM Music WHERE genre IN ['jazz'] AND tags IS NOT MISSING")
                        .items())
                .hasSize(1);
        assertThat(run("SELECT * FROM Music").items()).hasSize(6);
    }

    @Test
    void anIndexSelectQueriesTheIndex() {
        assertThat(run("SELECT track FROM \"Music\".\"ByGenre\" WHERE genre = ?", AttributeValue.s("rock"))
                        .items())
                .hasSize(5);
    }

    @Test
    void consumedCapacityAndNullTestsAreTheCores() {
        StatementResult r = partiQl.execute(
                "SELECT * FROM Music WHERE artist = 'b' AND track = 1 AND nothing IS NULL",
                List.of(),
                false,
                null,
                null,
                ReturnConsumedCapacity.TOTAL,
                false);
        assertThat(r.items()).hasSize(1);
        assertThat(r.consumedCapacity()).isNotNull();
        assertThat(r.consumedCapacity().capacityUnits()).isPositive();
        assertThat(run("SELECT * FROM Music WHERE genre IS NOT NULL AND tags IS MISSING")
                        .items())
                .hasSize(5);
        assertThatThrownBy(
                        () -> run("UPDATE Music SET tags = set_add(other, <<'y'>>) WHERE artist = 'b' AND track = 1"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("set_add takes the attribute being set");
        assertThatThrownBy(() -> run("SELECT * FROM Music WHERE frobnicate(genre)"))
                .isInstanceOf(ValidationException.class)
                .hasMessageEndingWith("Unsupported function: frobnicate");
        assertThatThrownBy(() -> run("SELECT * FROM Nope"))
                .isInstanceOf(io.partita.storage.ResourceNotFoundException.class)
                .hasMessage(Translator.NO_TABLE);
    }

    @Test
    void pagesFollowNextToken() {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            StatementResult r =
                    partiQl.execute("SELECT * FROM Music WHERE artist = 'a'", List.of(), true, token, 2, null, false);
            all.addAll(r.items());
            token = r.nextToken();
            pages++;
        } while (token != null);
        assertThat(all).hasSize(5);
        assertThat(pages).isEqualTo(3);
        assertThatThrownBy(() -> partiQl.execute("SELECT * FROM Music", List.of(), false, "!!", null, null, false))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    void insertOfATakenKeyIsADuplicateItem() {
        assertThatThrownBy(() -> run("INSERT INTO Music VALUE {'artist': 'a', 'track': 1}"))
                .isInstanceOf(DuplicateItemException.class)
                .hasMessage("Duplicate primary key exists in table");
    }

    @Test
    void updateSetsAndRemovesOnTheKeyedItemOnly() {
        StatementResult r = run("UPDATE Music SET n = n + 5, m = list_append([1], [2]) REMOVE genre"
                + " WHERE artist = 'a' AND track = 1 RETURNING ALL NEW *");
        assertThat(r.items().get(0)).containsEntry("n", AttributeValue.n(15)).doesNotContainKey("genre");
        run("UPDATE Music SET tags = set_add(tags, <<'y'>>) WHERE artist = 'b' AND track = 1");
        assertThat(get("b", 1).get("tags")).isEqualTo(AttributeValue.ss("x", "y"));
        assertThatThrownBy(() -> run("UPDATE Music SET n = 1 WHERE artist = 'zz' AND track = 1"))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> run("UPDATE Music SET n = 1 WHERE artist = 'a'"))
                .isInstanceOf(ValidationException.class)
                .hasMessage(Translator.MISSING_KEY);
        assertThatThrownBy(() -> run("UPDATE Music SET n = 1 WHERE artist = 'a' AND track = 2 AND n = 0"))
                .isInstanceOf(ConditionalCheckFailedException.class);
    }

    @Test
    void deleteRemovesTheItemWhenItsConditionHolds() {
        assertThatThrownBy(() -> run("DELETE FROM Music WHERE artist = 'a' AND track = 2 AND n = 0"))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(run("DELETE FROM Music WHERE artist = 'a' AND track = 2 RETURNING ALL OLD *")
                        .items())
                .hasSize(1);
        assertThat(get("a", 2)).isNull();
    }

    @Test
    void batchReportsEachStatementsError() {
        List<BatchOutcome> out = partiQl.batch(
                List.of(
                        new BatchStatement("INSERT INTO Music VALUE {'artist': 'c', 'track': 1}", null, false, false),
                        new BatchStatement("INSERT INTO Music VALUE {'artist': 'a', 'track': 1}", null, false, false)),
                null);
        assertThat(out.get(0).errorCode()).isNull();
        assertThat(out.get(1).errorCode()).isEqualTo("DuplicateItem");
        out = partiQl.batch(
                List.of(
                        new BatchStatement("SELECT * FROM Music WHERE artist = 'b' AND track = 1", null, false, false),
                        new BatchStatement("SELECT * FROM Nope WHERE artist = 'c' AND track = 1", null, false, false)),
                null);
        assertThat(out.get(0).item()).containsEntry("genre", AttributeValue.s("jazz"));
        assertThat(out.get(1).errorCode()).isEqualTo("ResourceNotFound");
        assertThatThrownBy(() -> partiQl.batch(
                        List.of(
                                new BatchStatement(
                                        "SELECT n FROM Music WHERE artist = 'b' AND track = 1", null, false, false),
                                new BatchStatement(
                                        "SELECT * FROM Music WHERE artist = 'b' AND track = 1", null, false, false)),
                        null))
                .isInstanceOf(ValidationException.class)
                .hasMessage(Batches.DUPLICATE_KEYS);
        assertThatThrownBy(() -> partiQl.batch(
                        List.of(
                                new BatchStatement(
                                        "DELETE FROM Music WHERE artist = 'b' AND track = 1", null, false, false),
                                new BatchStatement(
                                        "SELECT * FROM Music WHERE artist = 'c' AND track = 1", null, false, false)),
                        null))
                .isInstanceOf(ValidationException.class)
                .hasMessage(Batches.MIXED);
    }

    @Test
    void transactionsAreAllOrNothing() {
        assertThatThrownBy(() -> partiQl.transaction(
                        List.of(
                                new BatchStatement(
                                        "UPDATE Music SET n = 99 WHERE artist = 'a' AND track = 0", null, false, false),
                                new BatchStatement(
                                        "INSERT INTO Music VALUE {'artist': 'a', 'track': 1}", null, false, false)),
                        null,
                        null))
                .isInstanceOf(TransactionCanceledException.class)
                .satisfies(e -> assertThat(((TransactionCanceledException) e).reasons())
                        .extracting(TransactionCanceledException.CancellationReason::code)
                        .containsExactly("None", "ValidationError"));
        assertThat(get("a", 0).get("n")).isEqualTo(AttributeValue.n(0));
        TransactionResult read = partiQl.transaction(
                List.of(
                        new BatchStatement("SELECT n FROM Music WHERE artist = 'a' AND track = 3", null, false, false),
                        new BatchStatement("SELECT * FROM Music WHERE artist = 'q' AND track = 3", null, false, false)),
                null,
                null);
        assertThat(read.items()).containsExactly(Map.of("n", AttributeValue.n(30)), Map.of());
    }
}
