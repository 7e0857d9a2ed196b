package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;

/**
 * A seeded random run of mixed PartiQL statements (INSERT, UPDATE with SET/REMOVE and conditions, DELETE, SELECT
 * as Query and Scan, batches, transactions) on the Partita server and on DynamoDB Local, every answer compared,
 * then both tables compared in full. {@code -Dpartita.partiql.seed=N} replays a run; the seed is printed.
 */
class PartiQlRandomizedTest {
    private static final int STEPS = 300;

    private final List<String> log = new ArrayList<>();

    @Test
    void randomStatementsAnswerAlikeAndLeaveTheSameTables() {
        long seed = Long.getLong("partita.partiql.seed", 20261128L);
        System.out.println("PartiQlRandomizedTest seed " + seed + " (-Dpartita.partiql.seed=" + seed + ")");
        Random random = new Random(seed);
        PartiQlPeers.freshTables();
        for (int step = 0; step < STEPS; step++) {
            int kind = random.nextInt(10);
            if (kind == 8) {
                batch(random, seed);
                sameTables(seed);
            } else if (kind == 9) {
                transaction(random, seed);
                sameTables(seed);
            } else {
                Statement s = statement(random);
                compare(
                        seed,
                        s.text + " " + s.parameters,
                        c -> c.executeStatement(
                                b -> b.statement(s.text).parameters(s.parameters.isEmpty() ? null : s.parameters)),
                        s.scan ? PartiQlPeers::sortedItems : PartiQlPeers::items);
                if (!s.text.startsWith("SELECT")) {
                    sameTables(seed);
                }
            }
        }
        sameTables(seed);
    }

    /** Both peers' tables, in full: after every write step, so a divergence is caught at the step that made it. */
    private void sameTables(long seed) {
        for (String table : List.of("Music", "Simple")) {
            assertThat(PartiQlPeers.table(TestServer.client(), table))
                    .as("seed %d, after step %d: table %s%nafter:%n%s", seed, log.size(), table, String.join("\n", log))
                    .isEqualTo(PartiQlPeers.table(DynamoDbLocal.client(), table));
        }
    }

    /** A statement, its parameters, whether it is a Scan, and the item it writes ({@code null} for a SELECT). */
    private record Statement(String text, List<AttributeValue> parameters, boolean scan, String key) {}

    private <R> void compare(long seed, String what, Function<DynamoDbClient, R> call, Function<R, String> describe) {
        String partita = PartiQlPeers.outcome(TestServer.client(), call, describe);
        String local = PartiQlPeers.outcome(DynamoDbLocal.client(), call, describe);
        log.add(what + " -> " + local);
        assertThat(partita)
                .as("seed %d, step %d: %s%nafter:%n%s", seed, log.size(), what, String.join("\n", log))
                .isEqualTo(local);
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(int v) {
        return AttributeValue.fromN(Integer.toString(v));
    }

    private static Statement statement(Random r) {
        String artist = "a" + r.nextInt(3);
        int track = r.nextInt(4);
        String id = "i" + r.nextInt(5);
        String music = "Music " + artist + " " + track;
        String simple = "Simple " + id;
        switch (r.nextInt(8)) {
            case 0:
                return new Statement(
                        "INSERT INTO Music VALUE {'artist': ?, 'track': ?, 'genre': ?, 'plays': ?}",
                        List.of(s(artist), n(track), s(r.nextBoolean() ? "rock" : "pop"), n(r.nextInt(100))),
                        false,
                        music);
            case 1:
                return new Statement(
                        "INSERT INTO Simple VALUE {'id': '" + id + "', 'n': " + r.nextInt(10) + ", 'l': [1, 2]}",
                        List.of(),
                        false,
                        simple);
            case 2:
                return new Statement(
                        "UPDATE Music SET plays = plays + ?" + (r.nextBoolean() ? " REMOVE genre" : "")
                                + " WHERE artist = ? AND track = ?" + (r.nextBoolean() ? " AND plays > 20" : ""),
                        List.of(n(r.nextInt(5)), s(artist), n(track)),
                        false,
                        music);
            case 3:
                return new Statement(
                        "UPDATE Simple SET n = " + r.nextInt(10) + ", m = 'x' WHERE id = '" + id + "'"
                                + (r.nextBoolean() ? " AND n < 5" : ""),
                        List.of(),
                        false,
                        simple);
            case 4:
                return new Statement(
                        "DELETE FROM Simple WHERE id = '" + id + "'" + (r.nextBoolean() ? " AND n >= 3" : ""),
                        List.of(),
                        false,
                        simple);
            case 5:
                return new Statement(
                        "DELETE FROM Music WHERE artist = ? AND track = ?", List.of(s(artist), n(track)), false, music);
            case 6:
                return new Statement(
                        "SELECT * FROM Music WHERE artist = ?" + (r.nextBoolean() ? " AND track > 1" : ""),
                        List.of(s(artist)),
                        false,
                        null);
            default:
                return new Statement(
                        "SELECT * FROM Music WHERE plays > ? OR genre IS MISSING",
                        List.of(n(r.nextInt(100))),
                        true,
                        null);
        }
    }

    private void batch(Random r, long seed) {
        List<BatchStatementRequest> statements = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            Statement s = statement(r);
            // one statement per item: DynamoDB Local applies a batch's writes before it finds a duplicate key
            if (s.key != null && !keys.contains(s.key)) {
                keys.add(s.key);
                statements.add(BatchStatementRequest.builder()
                        .statement(s.text)
                        .parameters(s.parameters.isEmpty() ? null : s.parameters)
                        .build());
            }
        }
        if (statements.isEmpty()) {
            return;
        }
        compare(seed, "batch " + statements, c -> c.batchExecuteStatement(b -> b.statements(statements)), resp -> {
            StringBuilder out = new StringBuilder();
            resp.responses()
                    .forEach(
                            x -> out.append(x.error() == null ? "ok" : x.error().codeAsString())
                                    .append(' '));
            return out.toString();
        });
    }

    private void transaction(Random r, long seed) {
        List<ParameterizedStatement> statements = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
            Statement s = statement(r);
            if (s.key != null && !keys.contains(s.key)) {
                keys.add(s.key);
                statements.add(ParameterizedStatement.builder()
                        .statement(s.text)
                        .parameters(s.parameters.isEmpty() ? null : s.parameters)
                        .build());
            }
        }
        if (statements.isEmpty()) {
            return;
        }
        compare(
                seed,
                "transaction " + statements,
                c -> c.executeTransaction(b -> b.transactStatements(statements)),
                resp -> "written");
    }
}
