package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * PartiQL's ORDER BY, EXISTS in transactions, BatchExecuteStatement's consumed capacity and the messages of
 * malformed statements, the Partita server against DynamoDB Local 3.3.1, answer for answer (here a malformed
 * statement's whole message is compared, not only its prefix).
 */
class PartiQlClausesDifferentialTest {
    @BeforeEach
    void tables() {
        PartiQlPeers.freshTables();
        for (DynamoDbClient c : PartiQlPeers.clients()) {
            for (int i = 0; i < 6; i++) {
                int track = i;
                c.executeStatement(b -> b.statement(
                                "INSERT INTO Music VALUE {'artist': ?, 'track': ?, 'genre': ?, 'plays': ?}")
                        .parameters(
                                AttributeValue.fromS(track < 4 ? "Queen" : "Bach"),
                                AttributeValue.fromN(Integer.toString(track)),
                                AttributeValue.fromS(track % 2 == 0 ? "rock" : "pop"),
                                AttributeValue.fromN(Integer.toString(track * 10))));
            }
            c.executeStatement(b -> b.statement("INSERT INTO Simple VALUE {'id': 'x', 'n': 1}"));
        }
    }

    /** The outcome on each peer (a malformed statement's message in full), required to be the same. */
    private static <R> void same(Function<DynamoDbClient, R> call, Function<R, String> describe) {
        List<String> outcomes = new ArrayList<>();
        for (DynamoDbClient c : PartiQlPeers.clients()) {
            try {
                outcomes.add(describe.apply(call.apply(c)));
            } catch (DynamoDbException e) {
                outcomes.add(e.getClass().getSimpleName() + ": "
                        + e.awsErrorDetails().errorMessage()
                        + (e instanceof TransactionCanceledException t ? " " + reasons(t) : ""));
            }
        }
        System.out.println("partita: " + outcomes.get(0) + "\nlocal:   " + outcomes.get(1));
        assertThat(outcomes.get(0)).as("Partita vs DynamoDB Local").isEqualTo(outcomes.get(1));
    }

    private static void statement(String statement) {
        same(c -> c.executeStatement(b -> b.statement(statement)), PartiQlPeers::items);
    }

    @Test
    void orderByTheSortKey() {
        statement("SELECT * FROM Music WHERE artist = 'Queen' ORDER BY track DESC");
        statement("SELECT * FROM Music WHERE artist = 'Queen' ORDER BY track ASC");
        statement("SELECT * FROM Music WHERE artist = 'Queen' ORDER BY track");
        statement("SELECT * FROM Music WHERE artist = 'Queen' AND track > 1 ORDER BY \"track\" DESC");
    }

    /**
     * With a Limit, ORDER BY orders the reading itself (the Query runs backwards): the first page of a descending
     * order holds the highest sort keys. DynamoDB Local reads the page in ascending order and then sorts only it.
     */
    @Test
    void orderByDescendingPagesFromTheEnd() {
        String statement = "SELECT track FROM Music WHERE artist = 'Queen' ORDER BY track DESC";
        assertThat(TestServer.client()
                        .executeStatement(b -> b.statement(statement).limit(2))
                        .items())
                .extracting(item -> item.get("track").n())
                .containsExactly("3", "2");
        assertThat(DynamoDbLocal.client()
                        .executeStatement(b -> b.statement(statement.replace("track FROM", "* FROM"))
                                .limit(2))
                        .items())
                .extracting(item -> item.get("track").n())
                .containsExactly("1", "0");
    }

    @Test
    void orderByThatCannotBeServed() {
        statement("SELECT * FROM Music ORDER BY track");
        statement("SELECT * FROM Music WHERE artist = 'Queen' ORDER BY genre");
        statement("SELECT * FROM Music WHERE artist = 'Queen' ORDER BY artist");
        statement("SELECT * FROM Music WHERE artist = 'Queen' ORDER BY track DESC, artist");
        statement("SELECT * FROM Music.ByGenre WHERE genre = 'rock' ORDER BY track");
        statement("SELECT * FROM Simple WHERE id = 'x' ORDER BY id");
    }

    /**
     * A SELECT that is a Scan has no order to give: DynamoDB Local orders the items of a WHERE naming several
     * partitions; this server refuses (a documented difference, server/README.md).
     */
    @Test
    void orderByOnAScanIsRefused() {
        String statement = "SELECT * FROM Music WHERE artist = 'Queen' OR artist = 'Bach' ORDER BY track";
        assertThat(DynamoDbLocal.client()
                        .executeStatement(b -> b.statement(statement))
                        .items())
                .hasSize(6);
        assertThatThrownBy(() -> TestServer.client().executeStatement(b -> b.statement(statement)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("ORDER BY needs a WHERE clause that fixes the partition key with =");
    }

    private static String transacted(ExecuteTransactionResponse r) {
        return r.hasResponses() ? "responses " + r.responses().size() : "no responses";
    }

    private static void transaction(String... statements) {
        List<ParameterizedStatement> list = new ArrayList<>();
        for (String s : statements) {
            list.add(ParameterizedStatement.builder().statement(s).build());
        }
        same(c -> c.executeTransaction(b -> b.transactStatements(list)), PartiQlClausesDifferentialTest::transacted);
    }

    private static String reasons(TransactionCanceledException t) {
        List<String> out = new ArrayList<>();
        t.cancellationReasons().forEach(r -> out.add(r.code() + " " + r.message()));
        return out.toString();
    }

    private static void sameTables() {
        for (String table : List.of("Music", "Simple")) {
            assertThat(PartiQlPeers.table(TestServer.client(), table))
                    .as(table)
                    .isEqualTo(PartiQlPeers.table(DynamoDbLocal.client(), table));
        }
    }

    @Test
    void existsChecksAnItemInATransaction() {
        transaction("EXISTS(SELECT * FROM Simple WHERE id = 'x')", "INSERT INTO Simple VALUE {'id': 'z1'}");
        transaction("EXISTS(SELECT * FROM Simple WHERE id = 'nope')", "INSERT INTO Simple VALUE {'id': 'z2'}");
        transaction("EXISTS(SELECT * FROM Simple WHERE id = 'x' AND n = 1)", "INSERT INTO Simple VALUE {'id': 'z3'}");
        transaction("EXISTS(SELECT * FROM Simple WHERE id = 'x' AND n = 2)", "INSERT INTO Simple VALUE {'id': 'z4'}");
        transaction("exists(select * from Simple where id = 'x')", "INSERT INTO Simple VALUE {'id': 'z5'}");
        transaction("EXISTS(SELECT * FROM Simple WHERE n = 1)", "INSERT INTO Simple VALUE {'id': 'z6'}");
        transaction("EXISTS(SELECT * FROM Nope WHERE id = 'x')", "INSERT INTO Simple VALUE {'id': 'z7'}");
        transaction("EXISTS(SELECT * FROM Simple WHERE id = 'x')", "SELECT * FROM Simple WHERE id = 'x'");
        statement("EXISTS(SELECT * FROM Simple WHERE id = 'x')");
        sameTables();
    }

    private static String capacity(BatchExecuteStatementResponse r) {
        List<String> out = new ArrayList<>();
        for (ConsumedCapacity c : r.consumedCapacity()) {
            out.add(c.tableName() + " " + c.capacityUnits() + " " + c.readCapacityUnits() + " " + c.writeCapacityUnits()
                    + " " + (c.table() == null ? "-" : c.table().capacityUnits()));
        }
        return r.responses().size() + " responses, capacity " + out;
    }

    /**
     * BatchExecuteStatement's {@code ConsumedCapacity}: one entry per table, the sum of its statements' (the API
     * reference's response member). DynamoDB Local 3.3.1 answers none, so this checks the server alone: an eventually
     * consistent read of up to 4 KB is 0.5 units, a write of up to 1 KB 1 unit, on Music its GSI's write too.
     */
    @Test
    void batchReturnsTheCapacityItConsumed() {
        DynamoDbClient c = TestServer.client();
        BatchExecuteStatementResponse reads =
                c.batchExecuteStatement(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .statements(
                                st("SELECT * FROM Simple WHERE id = 'x'"),
                                st("SELECT * FROM Music WHERE artist = 'Queen' AND track = 1"),
                                st("SELECT * FROM Simple WHERE id = 'none'")));
        assertThat(capacity(reads)).isEqualTo("3 responses, capacity [Simple 1.0 1.0 0.0 -, Music 0.5 0.5 0.0 -]");
        BatchExecuteStatementResponse writes =
                c.batchExecuteStatement(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .statements(
                                st("INSERT INTO Simple VALUE {'id': 'y1'}"),
                                st("INSERT INTO Simple VALUE {'id': 'y2'}"),
                                st("UPDATE Music SET plays = 1 WHERE artist = 'Queen' AND track = 1")));
        assertThat(capacity(writes)).isEqualTo("3 responses, capacity [Simple 2.0 0.0 2.0 2.0, Music 2.0 0.0 2.0 1.0]");
        assertThat(writes.consumedCapacity().get(1).globalSecondaryIndexes()).containsOnlyKeys("ByGenre");
        BatchExecuteStatementResponse none =
                c.batchExecuteStatement(b -> b.statements(st("SELECT * FROM Simple WHERE id = 'x'")));
        assertThat(none.consumedCapacity()).isEmpty();
        assertThat(DynamoDbLocal.client()
                        .batchExecuteStatement(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                                .statements(st("SELECT * FROM Simple WHERE id = 'x'")))
                        .consumedCapacity())
                .isEmpty();
    }

    @Test
    void aBatchIsAllReadsOrAllWrites() {
        same(
                c -> c.batchExecuteStatement(b -> b.statements(
                        st("SELECT * FROM Simple WHERE id = 'x'"), st("INSERT INTO Simple VALUE {'id': 'w'}"))),
                r -> r.responses().size() + " responses");
        sameTables();
    }

    private static BatchStatementRequest st(String statement) {
        return BatchStatementRequest.builder().statement(statement).build();
    }

    @Test
    void malformedStatementsInDynamoDbsWords() {
        for (String s : List.of(
                "SELEC * FROM Simple",
                "SELECT * FROM Simple WHERE",
                "SELECT * FROM",
                "SELECT * FROM Simple WHERE id = ",
                "INSERT INTO Simple VALUE {'id': 'a'",
                "UPDATE Simple SET WHERE id = 'x'",
                "DELETE Simple WHERE id = 'x'",
                "SELECT * FROM Simple WHERE id = 'x' AND",
                "SELECT * FROM Simple WHERE id == 'x'",
                "SELECT * FROM Simple WHERE id = 'x' extra",
                "SELECT , FROM Simple")) {
            same(c -> c.executeStatement(b -> b.statement(s)), PartiQlPeers::items);
        }
    }
}
