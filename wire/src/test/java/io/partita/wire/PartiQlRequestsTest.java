package io.partita.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PartiQL requests read from JSON, and their responses written. */
class PartiQlRequestsTest {
    private static byte[] json(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void executeStatementReadsEveryMember() {
        byte[] body =
                json("{\"Statement\":\"SELECT * FROM t WHERE k = ?\",\"Parameters\":[{\"S\":\"a\"},{\"N\":\"1\"}],"
                        + "\"ConsistentRead\":true,\"NextToken\":\"tok\",\"Limit\":5,\"ReturnConsumedCapacity\":\"TOTAL\","
                        + "\"ReturnValuesOnConditionCheckFailure\":\"ALL_OLD\",\"Unknown\":{\"x\":1}}");
        PartiQlRequests.Execute r = PartiQlRequests.execute(body, 0, body.length);
        assertThat(r.statement().statement()).isEqualTo("SELECT * FROM t WHERE k = ?");
        assertThat(r.statement().parameters()).containsExactly(AttributeValue.s("a"), AttributeValue.n(1));
        assertThat(r.statement().consistentRead()).isTrue();
        assertThat(r.statement().returnOldItemOnConditionFailure()).isTrue();
        assertThat(r.nextToken()).isEqualTo("tok");
        assertThat(r.limit()).isEqualTo(5);
        assertThat(r.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
    }

    @Test
    void aMissingStatementIsDynamoDbsValidationMessage() {
        byte[] body = json("{}");
        assertThatThrownBy(() -> PartiQlRequests.execute(body, 0, body.length))
                .isInstanceOf(WireException.class)
                .hasMessage("1 validation error detected: Value null at 'statement' failed to satisfy constraint: "
                        + "Member must not be null");
        byte[] batch = json("{\"Statements\":[{\"Parameters\":[]}]}");
        assertThatThrownBy(() -> PartiQlRequests.batch(batch, 0, batch.length)).hasMessageContaining("'statement'");
        byte[] wrongType = json("{\"Statement\":5}");
        assertThatThrownBy(() -> PartiQlRequests.execute(wrongType, 0, wrongType.length))
                .hasMessage("Unexpected value type for Statement: expected a string");
    }

    @Test
    void batchAndTransactionReadTheirStatementLists() {
        byte[] batch = json("{\"Statements\":[{\"Statement\":\"a\"},{\"Statement\":\"b\",\"ConsistentRead\":true}],"
                + "\"ReturnConsumedCapacity\":\"INDEXES\"}");
        PartiQlRequests.Batch b = PartiQlRequests.batch(batch, 0, batch.length);
        assertThat(b.statements())
                .extracting(PartiQlRequests.Statement::statement)
                .containsExactly("a", "b");
        assertThat(b.statements().get(1).consistentRead()).isTrue();
        byte[] tx = json("{\"TransactStatements\":[{\"Statement\":\"x\"}],\"ClientRequestToken\":\"t1\"}");
        PartiQlRequests.Transaction t = PartiQlRequests.transaction(tx, 0, tx.length);
        assertThat(t.statements()).hasSize(1);
        assertThat(t.clientRequestToken()).isEqualTo("t1");
        byte[] none = json("{}");
        assertThatThrownBy(() -> PartiQlRequests.transaction(none, 0, none.length))
                .hasMessageContaining("'transactStatements'");
    }

    @Test
    void responsesAreDynamoDbsShape() throws Exception {
        String execute;
        try (Wire.Out out = new Wire.Out()) {
            PartiQlResponses.execute(
                    out.g,
                    List.of(Map.of("k", AttributeValue.s("a"))),
                    "tok",
                    Map.of("k", AttributeValue.s("a")),
                    null);
            execute = new String(out.finish(), StandardCharsets.UTF_8);
        }
        assertThat(execute)
                .isEqualTo(
                        "{\"Items\":[{\"k\":{\"S\":\"a\"}}],\"NextToken\":\"tok\",\"LastEvaluatedKey\":{\"k\":{\"S\":\"a\"}}}");
        String batch;
        try (Wire.Out out = new Wire.Out()) {
            PartiQlResponses.batch(
                    out.g,
                    List.of(
                            new PartiQlResponses.Outcome("t", Map.of("k", AttributeValue.n(1)), null, null, null),
                            new PartiQlResponses.Outcome(null, null, "ValidationError", "bad", null)),
                    List.of());
            batch = new String(out.finish(), StandardCharsets.UTF_8);
        }
        assertThat(batch)
                .isEqualTo("{\"Responses\":[{\"TableName\":\"t\",\"Item\":{\"k\":{\"N\":\"1\"}}},"
                        + "{\"Error\":{\"Code\":\"ValidationError\",\"Message\":\"bad\"}}]}");
    }
}
