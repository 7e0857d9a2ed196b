package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;

/**
 * PartiQL at the wire, the Partita server against DynamoDB Local: each statement form, parameters, paging with
 * NextToken, the batch and transaction forms and their errors, answer for answer (items, or error type and message).
 */
class PartiQlDifferentialTest {
    @BeforeEach
    void tables() {
        PartiQlPeers.freshTables();
        for (DynamoDbClient c : PartiQlPeers.clients()) {
            for (int i = 0; i < 6; i++) {
                int track = i;
                c.executeStatement(b -> b.statement("INSERT INTO Music VALUE {'artist': ?, 'track': ?, 'genre': ?,"
                                + " 'plays': ?, 'info': {'tags': ['a', 'b'], 'year': 1999}}")
                        .parameters(
                                s(track < 4 ? "Queen" : "Bach"),
                                n(track),
                                s(track % 2 == 0 ? "rock" : "pop"),
                                n(track * 10)));
            }
            c.executeStatement(b -> b.statement("INSERT INTO Simple VALUE {'id': 'x', 'n': 1, 'ss': <<'p', 'q'>>}"));
        }
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(int v) {
        return AttributeValue.fromN(Integer.toString(v));
    }

    private static <R> String same(Function<DynamoDbClient, R> call, Function<R, String> describe) {
        List<String> outcomes = new ArrayList<>();
        for (DynamoDbClient c : PartiQlPeers.clients()) {
            outcomes.add(PartiQlPeers.outcome(c, call, describe));
        }
        System.out.println("partita: " + outcomes.get(0) + "\nlocal:   " + outcomes.get(1));
        assertThat(outcomes.get(0)).as("Partita vs DynamoDB Local").isEqualTo(outcomes.get(1));
        return outcomes.get(0);
    }

    /** A statement run on both; Scans compared as sorted item lists. */
    private static String statement(String statement, AttributeValue... parameters) {
        // a Scan's order is each peer's own, and so is the order of index entries with equal keys (DynamoDB defines
        // none): those compare as sorted lists; a table Query in order
        boolean scan = !statement.matches(".*WHERE artist = .*") || statement.contains(" OR ");
        return same(
                c -> c.executeStatement(
                        b -> b.statement(statement).parameters(parameters.length == 0 ? null : List.of(parameters))),
                scan ? PartiQlPeers::sortedItems : PartiQlPeers::items);
    }

    private static void sameTables() {
        for (String table : List.of("Music", "Simple")) {
            assertThat(PartiQlPeers.table(TestServer.client(), table))
                    .as(table)
                    .isEqualTo(PartiQlPeers.table(io.partita.dynamodb.DynamoDbLocal.client(), table));
        }
    }

    @Test
    void selectForms() {
        statement("SELECT * FROM Music");
        statement("SELECT * FROM \"Music\" WHERE artist = 'Queen'");
        statement("SELECT track, info.tags[1], info.\"year\" FROM Music WHERE artist = 'Queen' AND track >= 2");
        statement("SELECT * FROM Music WHERE artist = 'Queen' AND track BETWEEN 1 AND 2");
        statement("SELECT * FROM Music WHERE artist = 'Queen' AND track < 2 AND plays <> 0");
        statement("SELECT * FROM Music WHERE artist = ? AND track > ?", s("Bach"), n(4));
        statement("SELECT * FROM Music WHERE genre = 'pop' OR plays > 40");
        statement("SELECT * FROM Music WHERE plays IN [10, 20, 50]");
        statement("SELECT * FROM Music WHERE begins_with(artist, 'Qu') AND NOT (track = 1)");
        statement("SELECT * FROM Music WHERE contains(info.tags, 'a') AND track <= 1");
        statement("SELECT * FROM Music WHERE attribute_exists(plays) AND plays > 30");
        statement("SELECT * FROM Music WHERE missing_attr IS MISSING AND plays >= 50");
        statement("SELECT * FROM Music WHERE info.\"year\" IS NOT MISSING AND track = 3");
        statement("SELECT * FROM Music WHERE attribute_not_exists(genre)");
        statement("SELECT * FROM Music.ByGenre WHERE genre = 'rock'");
        statement("SELECT * FROM \"Music\".\"ByGenre\" WHERE plays > 10");
        statement("SELECT * FROM Simple WHERE contains(ss, 'p')");
    }

    @Test
    void writeForms() {
        statement("INSERT INTO Simple VALUE {'id': 'y', 'l': [1, 'two', true, null], 'm': {'k': <<1, 2>>}}");
        statement("INSERT INTO Simple VALUE {'id': 'x'}");
        statement("UPDATE Simple SET n = n + 5, extra = 'e' WHERE id = 'x'");
        statement("UPDATE Simple SET n = 7 REMOVE extra WHERE id = 'x' RETURNING ALL OLD *");
        statement("UPDATE Simple SET n = 8 WHERE id = 'x' RETURNING MODIFIED NEW *");
        statement("UPDATE Simple SET n = 9 WHERE id = 'nope'");
        statement("UPDATE Simple SET n = 9 WHERE id = 'x' AND n = 100");
        statement("UPDATE Music SET plays = plays - 1 WHERE artist = 'Queen' AND track = 1 AND plays > 5");
        statement("UPDATE Music SET info.\"year\" = 2000, info.tags[0] = 'z' WHERE artist = 'Queen' AND track = 2");
        statement("UPDATE Simple SET ss = set_add(ss, <<'r'>>) WHERE id = 'x'");
        statement("UPDATE Simple SET ss = set_delete(ss, <<'p'>>) WHERE id = 'x'");
        statement("DELETE FROM Simple WHERE id = 'y' AND n = 3");
        statement("DELETE FROM Simple WHERE id = 'y' RETURNING ALL OLD *");
        statement("DELETE FROM Simple WHERE id = 'never'");
        statement("DELETE FROM Music WHERE artist = 'Bach' AND track = 5");
        sameTables();
    }

    @Test
    void parametersAndTheirCount() {
        statement(
                "INSERT INTO Simple VALUE {'id': ?, 'b': ?, 'doc': ?}",
                s("p"),
                AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromUtf8String("bin")),
                AttributeValue.fromM(Map.of("k", n(1))));
        statement("SELECT * FROM Simple WHERE id = ?", s("p"));
        statement("SELECT * FROM Simple WHERE id = ?");
        statement("SELECT * FROM Simple WHERE id = 'p'", s("p"));
        sameTables();
    }

    @Test
    void errors() {
        statement("SELECT * FROM Nope");
        statement("INSERT INTO Nope VALUE {'id': 'a'}");
        statement("SELEC * FROM Simple");
        statement("SELECT * FROM Simple WHERE");
        statement("UPDATE Simple SET n = 1 WHERE n = 1");
        statement("DELETE FROM Music WHERE artist = 'Queen'");
        statement("INSERT INTO Simple VALUE {'nokey': 1}");
        statement("INSERT INTO Music VALUE {'artist': 'a', 'track': 'not a number'}");
        statement("SELECT * FROM Music.NoSuchIndex WHERE genre = 'rock'");
    }

    @Test
    void pagingWithNextToken() {
        for (String statement : List.of("SELECT * FROM Music WHERE artist = 'Queen'", "SELECT * FROM Music")) {
            List<List<String>> everything = new ArrayList<>();
            for (DynamoDbClient c : PartiQlPeers.clients()) {
                List<Map<String, AttributeValue>> all = new ArrayList<>();
                String token = null;
                int pages = 0;
                do {
                    String next = token;
                    ExecuteStatementResponse r = c.executeStatement(
                            b -> b.statement(statement).limit(2).nextToken(next).consistentRead(true));
                    assertThat(r.items()).hasSizeLessThanOrEqualTo(2);
                    all.addAll(r.items());
                    token = r.nextToken();
                    pages++;
                } while (token != null && pages < 10);
                assertThat(pages).as(statement).isBetween(3, 4);
                everything.add(PartiQlPeers.sorted(all));
            }
            assertThat(everything.get(0)).as(statement).isEqualTo(everything.get(1));
        }
    }

    private static String batch(BatchStatementRequest... statements) {
        return same(c -> c.batchExecuteStatement(b -> b.statements(statements)), PartiQlDifferentialTest::responses);
    }

    private static String responses(BatchExecuteStatementResponse r) {
        StringBuilder out = new StringBuilder();
        r.responses()
                .forEach(x -> out.append(x.tableName())
                        .append(' ')
                        .append(x.hasItem() ? PartiQlPeers.canonical(AttributeValue.fromM(x.item())) : "-")
                        .append(' ')
                        .append(
                                x.error() == null
                                        ? "ok"
                                        : x.error().codeAsString() + ": "
                                                + PartiQlPeers.message(x.error().message()))
                        .append('\n'));
        return out.toString();
    }

    private static BatchStatementRequest st(String statement, AttributeValue... parameters) {
        return BatchStatementRequest.builder()
                .statement(statement)
                .parameters(parameters.length == 0 ? null : List.of(parameters))
                .build();
    }

    @Test
    void batchForms() {
        batch(
                st("INSERT INTO Simple VALUE {'id': 'b1'}"),
                st("INSERT INTO Simple VALUE {'id': 'x'}"),
                st("UPDATE Simple SET n = 2 WHERE id = 'missing'"),
                st("UPDATE Music SET plays = 1 WHERE artist = ? AND track = ? AND plays = 999", s("Queen"), n(1)),
                st("DELETE FROM Music WHERE artist = 'Bach' AND track = 4"),
                st("SELEC oops"),
                st("INSERT INTO Nope VALUE {'id': 'x'}"));
        batch(
                st("SELECT * FROM Simple WHERE id = 'x'"),
                st("SELECT id FROM Simple WHERE id = 'none'"),
                st("SELECT * FROM Music WHERE artist = 'Queen' AND track = 2"));
        batch(st("SELECT * FROM Nope WHERE id = 'x'"), st("SELECT * FROM Simple WHERE id = 'x'"));
        // two statements on one item: the request's ValidationException (reads only: DynamoDB Local applies a
        // batch's writes before it finds the duplicate, where DynamoDB validates the request first)
        batch(st("SELECT * FROM Simple WHERE id = 'x'"), st("SELECT n FROM Simple WHERE id = ?", s("x")));
        sameTables();
    }

    private static String transaction(ParameterizedStatement... statements) {
        return same(
                c -> c.executeTransaction(b -> b.transactStatements(statements)), PartiQlDifferentialTest::transacted);
    }

    private static String transacted(ExecuteTransactionResponse r) {
        List<String> items = new ArrayList<>();
        r.responses()
                .forEach(x -> items.add(x.hasItem() ? PartiQlPeers.canonical(AttributeValue.fromM(x.item())) : "-"));
        return r.hasResponses() ? "responses " + items : "no responses";
    }

    private static ParameterizedStatement ps(String statement, AttributeValue... parameters) {
        return ParameterizedStatement.builder()
                .statement(statement)
                .parameters(parameters.length == 0 ? null : List.of(parameters))
                .build();
    }

    @Test
    void transactionForms() {
        transaction(
                ps("INSERT INTO Simple VALUE {'id': 't1', 'n': 1}"),
                ps("UPDATE Simple SET n = n + 1 WHERE id = 'x'"),
                ps("DELETE FROM Music WHERE artist = 'Queen' AND track = 0"));
        transaction(
                ps("UPDATE Simple SET n = 50 WHERE id = 't1'"),
                ps("INSERT INTO Simple VALUE {'id': 'x'}"),
                ps("UPDATE Simple SET n = 0 WHERE id = 'x' AND n = 1000"));
        transaction(ps("SELECT * FROM Simple WHERE id = 't1'"), ps("SELECT n FROM Simple WHERE id = ?", s("x")));
        transaction(ps("UPDATE Simple SET n = 9 WHERE id = 'nope'"));
        sameTables();
    }
}
