package io.partita.server;

import static io.partita.server.Differential.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * Issue 30's behaviours where DynamoDB Local deviates from DynamoDB, checked against DynamoDB's documented or
 * observed behaviour instead:
 *
 * <ul>
 *   <li>An UpdateItem that only removes (REMOVE, or AttributeUpdates DELETE) on a missing item creates nothing
 *       on DynamoDB (observed by ScyllaDB's Alternator team, scylladb#5862); DynamoDB Local 3.3.1 creates the
 *       key-only item.
 *   <li>A parallel scan's start key from another segment: both refuse it; DynamoDB's message (quoted in
 *       scylladb#9270) is not DynamoDB Local's "Exclusive start key must lie within the segment".
 *   <li>Tagging: DynamoDB Local answers every tagging call "Tagging is not currently supported"; the rules here are
 *       the developer guide's "Tagging restrictions in DynamoDB".
 * </ul>
 */
class FidelityDocumentedTest {
    private static final String TABLE = "Fidelity";

    @BeforeEach
    void tables() {
        TestServer.deleteAllTables();
        FidelityDifferentialTest.createTable(TestServer.client());
    }

    private static DynamoDbClient c() {
        return TestServer.client();
    }

    @Test
    void anUpdateThatSetsNothingOnAMissingItemCreatesNothing() {
        Map<String, AttributeValue> missing = Map.of("pk", s("missing"), "sk", s("s"));
        assertThat(c().updateItem(b -> b.tableName(TABLE)
                                .key(missing)
                                .updateExpression("REMOVE a")
                                .returnValues(ReturnValue.ALL_NEW))
                        .hasAttributes())
                .isFalse();
        assertThat(c().getItem(b -> b.tableName(TABLE).key(missing)).hasItem()).isFalse();
        c().updateItem(b -> b.tableName(TABLE)
                .key(missing)
                .attributeUpdates(Map.of(
                        "a",
                        AttributeValueUpdate.builder()
                                .action(AttributeAction.DELETE)
                                .build())));
        assertThat(c().getItem(b -> b.tableName(TABLE).key(missing)).hasItem()).isFalse();
    }

    @Test
    void aParallelScanStartKeyMustLieInItsSegment() {
        for (DynamoDbClient client : new DynamoDbClient[] {DynamoDbLocal.client(), c()}) {
            if (client != c()) {
                DynamoDbLocal.deleteAllTables();
                FidelityDifferentialTest.createTable(client);
            }
            for (int i = 0; i < 20; i++) {
                int n = i;
                client.putItem(b -> b.tableName(TABLE).item(Map.of("pk", s("k" + n), "sk", s("s"))));
            }
            ScanResponse page = client.scan(
                    b -> b.tableName(TABLE).segment(0).totalSegments(2).limit(1));
            Map<String, AttributeValue> own = page.lastEvaluatedKey();
            assertThat(client.scan(b -> b.tableName(TABLE)
                                    .segment(0)
                                    .totalSegments(2)
                                    .exclusiveStartKey(own))
                            .count())
                    .isNotNull();
            assertThatThrownBy(() -> client.scan(
                            b -> b.tableName(TABLE).segment(1).totalSegments(2).exclusiveStartKey(own)))
                    .isInstanceOf(DynamoDbException.class)
                    .hasMessageContaining(
                            client == c()
                                    ? "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
                                            + "ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: 1"
                                    : "Exclusive start key must lie within the segment");
        }
    }

    private static void tag(String arnSuffix, String key, String value, String message) {
        String arn = c().describeTable(b -> b.tableName(TABLE)).table().tableArn() + arnSuffix;
        assertThatThrownBy(() -> c().tagResource(b -> b.resourceArn(arn)
                        .tags(Tag.builder().key(key).value(value).build())))
                .as(key + "=" + value)
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(message);
    }

    @Test
    void taggingFollowsDynamoDbsRestrictions() {
        tag("/index/ByX", "k", "v", "Invalid TableArn: Invalid ResourceArn provided as input");
        tag("", "k%", "v", "Tag key k% contains the character '%'");
        tag("", "k", "v{", "Tag value v{ contains the character '{'");
        tag("", "aws:owner", "v", "starts with aws:");
        tag("", "k".repeat(129), "v", "Member must have length less than or equal to 128");
        tag("", "k", "v".repeat(257), "Member must have length less than or equal to 256");
        String arn = c().describeTable(b -> b.tableName(TABLE)).table().tableArn();
        c().tagResource(b -> b.resourceArn(arn)
                .tags(Tag.builder()
                        .key("Team name: a-b_c.d/e+f=g")
                        .value("k".repeat(256))
                        .build()));
        assertThat(c().listTagsOfResource(b -> b.resourceArn(arn)).tags()).hasSize(1);
        assertThatThrownBy(() -> c().listTagsOfResource(b -> b.resourceArn(arn + "/index/ByX")))
                .isInstanceOf(DynamoDbException.class);
    }
}
