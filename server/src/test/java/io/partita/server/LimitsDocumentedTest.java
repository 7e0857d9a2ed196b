package io.partita.server;

import static io.partita.server.Differential.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Documented limits where DynamoDB Local answers otherwise, checked against DynamoDB's documentation:
 *
 * <ul>
 *   <li>A table name outside DynamoDB's rule (3 to 255 of {@code a-z A-Z 0-9 _ - .}) is a ValidationException in
 *       every operation, before any lookup (the API reference's {@code TableName} constraints); the message is the
 *       one CreateTable gives.
 *   <li>{@code Segment} and {@code TotalSegments} are checked against their documented ranges (0..999,999 and
 *       1..1,000,000) in DynamoDB's constraint wording; DynamoDB Local names the wrong member for a negative segment
 *       ("Value '-1' at 'segment' ... less than or equal to 1") and for {@code TotalSegments} 0.
 *   <li>TransactWriteItems' {@code ClientRequestToken} (API reference): the same request again within 10 minutes
 *       succeeds and writes nothing more; another request with the token is
 *       {@code IdempotentParameterMismatchException} (DynamoDB Local: the same type with an empty message).
 *   <li>Rules DynamoDB Local also enforces, in this server's wording: DynamoDB's own where known, naming what is
 *       wrong (server/README's audit table, "wording").
 *   <li>At most 50 tags on a table (the developer guide's tagging restrictions; DynamoDB Local serves no tagging).
 * </ul>
 */
class LimitsDocumentedTest {
    private static final String TABLE = "Fidelity";

    @BeforeEach
    void tables() {
        TestServer.deleteAllTables();
        FidelityDifferentialTest.createTable(TestServer.client());
    }

    private static DynamoDbClient c() {
        return TestServer.client();
    }

    private static String error(Runnable call) {
        try {
            call.run();
            return "OK";
        } catch (DynamoDbException e) {
            return e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage();
        }
    }

    @Test
    void aTableNameNoTableCanHaveIsAValidationErrorInEveryOperation() {
        String rule = "ValidationException: Invalid table/index name.  Table/index names must be between 3 and 255 "
                + "characters long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.' (got '";
        assertThat(error(() -> c().describeTable(b -> b.tableName("ab")))).isEqualTo(rule + "ab')");
        assertThat(error(() -> c().getItem(b -> b.tableName("a b").key(Map.of("pk", s("p"), "sk", s("s"))))))
                .isEqualTo(rule + "a b')");
        assertThat(error(() -> c().deleteTable(b -> b.tableName("x".repeat(256)))))
                .startsWith(rule);
        assertThat(error(() -> c().describeTable(b -> b.tableName("missing"))))
                .isEqualTo("ResourceNotFoundException: Requested resource not found: Table: missing not found");
    }

    @Test
    void segmentsAreCheckedAgainstTheirDocumentedRanges() {
        String prefix = "ValidationException: 1 validation error detected: Value '";
        assertThat(error(() -> c().scan(b -> b.tableName(TABLE).segment(-1).totalSegments(2))))
                .isEqualTo(prefix + "-1' at 'segment' failed to satisfy constraint: Member must have value greater "
                        + "than or equal to 0");
        assertThat(error(() -> c().scan(b -> b.tableName(TABLE).segment(0).totalSegments(0))))
                .isEqualTo(prefix + "0' at 'totalSegments' failed to satisfy constraint: Member must have value "
                        + "greater than or equal to 1");
        assertThat(error(() -> c().scan(b -> b.tableName(TABLE).segment(0).totalSegments(1_000_001))))
                .isEqualTo(prefix + "1000001' at 'totalSegments' failed to satisfy constraint: Member must have "
                        + "value less than or equal to 1000000");
    }

    private static AttributeDefinition definition(String name) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType("S")
                .build();
    }

    private static KeySchemaElement hashKey(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType("HASH").build();
    }

    private static TransactWriteItem add(String pk) {
        return TransactWriteItem.builder()
                .update(u -> u.tableName(TABLE)
                        .key(Map.of("pk", s(pk), "sk", s("s")))
                        .updateExpression("ADD n :one")
                        .expressionAttributeValues(
                                Map.of(":one", AttributeValue.builder().n("1").build())))
                .build();
    }

    @Test
    void aClientRequestTokenRunsItsRequestOnceAndRefusesAnotherRequest() {
        c().transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(add("counted")));
        c().transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(add("counted")));
        assertThat(c().getItem(b -> b.tableName(TABLE).key(Map.of("pk", s("counted"), "sk", s("s"))))
                        .item()
                        .get("n")
                        .n())
                .isEqualTo("1");
        assertThatThrownBy(() -> c().transactWriteItems(
                                b -> b.clientRequestToken("token-1").transactItems(add("other"))))
                .isInstanceOf(IdempotentParameterMismatchException.class);
        c().transactWriteItems(b -> b.transactItems(add("counted")));
        c().transactWriteItems(b -> b.transactItems(add("counted")));
        assertThat(c().getItem(b -> b.tableName(TABLE).key(Map.of("pk", s("counted"), "sk", s("s"))))
                        .item()
                        .get("n")
                        .n())
                .isEqualTo("3");
    }

    @Test
    void aTableHoldsAtMostFiftyTags() {
        String arn = c().describeTable(b -> b.tableName(TABLE)).table().tableArn();
        List<Tag> fifty = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            fifty.add(Tag.builder().key("k" + i).value("v").build());
        }
        c().tagResource(b -> b.resourceArn(arn).tags(fifty));
        assertThat(error(() -> c().tagResource(b -> b.resourceArn(arn)
                        .tags(Tag.builder().key("one-more").value("v").build()))))
                .isEqualTo("ValidationException: One or more parameter values were invalid: The number of tags exceeds "
                        + "the limit of 50");
        assertThat(c().listTagsOfResource(b -> b.resourceArn(arn)).tags()).hasSize(50);
    }

    @Test
    void rulesLocalAlsoEnforcesAnswerInTheServersWording() {
        Map<String, AttributeValue> key = Map.of("pk", s("p1"), "sk", s("s"));
        assertThat(error(() -> c().putItem(b -> b.tableName(TABLE).item(key).returnValues("UPDATED_NEW"))))
                .isEqualTo("ValidationException: Return values set to invalid value: UPDATED_NEW is not supported by "
                        + "PutItem (only NONE and ALL_OLD)");
        assertThat(error(() -> c().query(b -> b.tableName(TABLE)
                        .keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", s("p1")))
                        .limit(0))))
                .isEqualTo("ValidationException: 1 validation error detected: Value '0' at 'limit' failed to satisfy "
                        + "constraint: Member must have value greater than or equal to 1");
        assertThat(error(() -> c().query(b -> b.tableName(TABLE)
                        .keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", s("p1")))
                        .exclusiveStartKey(Map.of("pk", s("p1"))))))
                .isEqualTo("ValidationException: The provided starting key is invalid: Exclusive Start Key must have "
                        + "same size as table's key schema (expected 2 attributes, got [pk])");
        assertThat(error(() -> c().query(b -> b.tableName(TABLE)
                        .keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", s("p1")))
                        .exclusiveStartKey(Map.of("pk", s("q"), "sk", s("s"))))))
                .isEqualTo("ValidationException: The provided starting key is invalid: it lies outside the range of "
                        + "the key condition");
        assertThat(error(() -> c().createTable(b -> b.tableName("OnDemand")
                        .billingMode("PAY_PER_REQUEST")
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .attributeDefinitions(definition("pk"))
                        .keySchema(hashKey("pk")))))
                .isEqualTo("ValidationException: One or more parameter values were invalid: Neither ReadCapacityUnits "
                        + "nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        assertThat(error(() -> c().createTable(b -> b.tableName("LongKey")
                        .billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(definition("k".repeat(256)))
                        .keySchema(hashKey("k".repeat(256))))))
                .startsWith("ValidationException: One or more parameter values were invalid: key attribute names must "
                        + "be 1 to 255 characters long");
    }
}
