package io.partita.server;

import static io.partita.server.Differential.s;
import static io.partita.server.Differential.same;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The same requests to this server and to DynamoDB Local: an empty legacy {@code Expected} (a write with no
 * condition, as DynamoDB takes it: ScyllaDB's test_expected.py, run against DynamoDB, records the same) and an
 * empty {@code Expected}, {@code ScanFilter} or {@code QueryFilter} beside {@code ConditionalOperator} (DynamoDB's
 * "ConditionalOperator cannot be used without Filter or Expected"); and DeleteTable's answer, member for member.
 */
class EmptyConditionsAndDeleteTableDifferentialTest {
    private static final String TABLE = "Fidelity";

    @BeforeEach
    void tables() {
        Differential.freshTables(FidelityDifferentialTest::createTable);
    }

    @Test
    void anEmptyExpectedIsNoConditionAndNoPlaceForAConditionalOperator() {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item =
                Map.of("pk", s("e"), "sk", s("s"), "v", s("1"));
        same(
                "empty Expected",
                c -> c.putItem(b -> b.tableName(TABLE).item(item).expected(Map.of()))
                        .attributes());
        same(
                "empty Expected + ConditionalOperator",
                c -> c.putItem(b -> b.tableName(TABLE)
                                .item(item)
                                .expected(Map.of())
                                .conditionalOperator(ConditionalOperator.OR))
                        .attributes());
        same(
                "empty ScanFilter + ConditionalOperator",
                c -> c.scan(b -> b.tableName(TABLE).scanFilter(Map.of()).conditionalOperator(ConditionalOperator.AND))
                        .count());
        same(
                "empty Expected on a delete",
                c -> c.deleteItem(b -> b.tableName(TABLE)
                                .key(Map.of("pk", s("e"), "sk", s("s")))
                                .expected(Map.of()))
                        .attributes());
    }

    /** The members a description carries (those the SDK read from the answer). */
    private static Set<String> members(TableDescription d) {
        Set<String> out = new TreeSet<>();
        for (SdkField<?> f : d.sdkFields()) {
            if (f.getValueOrDefault(d) != null) {
                out.add(f.memberName());
            }
        }
        return out;
    }

    @Test
    void deleteTableAnswersTheDescriptionDynamoDbGives() {
        TableDescription local =
                DynamoDbLocal.client().deleteTable(b -> b.tableName(TABLE)).tableDescription();
        TableDescription ours =
                TestServer.client().deleteTable(b -> b.tableName(TABLE)).tableDescription();
        Set<String> expected = members(local);
        expected.add("TableId"); // DynamoDB reports the table's id; DynamoDB Local 3.3.1 has none to report
        assertThat(members(ours)).isEqualTo(expected);
        assertThat(ours.tableStatus()).isEqualTo(TableStatus.DELETING); // DynamoDB Local answers ACTIVE
        assertThat(ours.keySchema()).isEqualTo(local.keySchema());
        assertThat(ours.attributeDefinitions()).isEqualTo(local.attributeDefinitions());
        assertThat(ours.itemCount()).isEqualTo(local.itemCount());
        assertThat(ours.tableArn()).isEqualTo(local.tableArn());
    }
}
