package io.partita.storage.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.partita.storage.Storage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Found by the model-based test (run seed -7502192976209384551, shrunk to one operation): a PutItem whose item
 * breaks an index key schema is a ValidationException in DynamoDB whatever its condition says — the item is
 * validated against the key schema before the condition is evaluated (DynamoDB semantics: "A write whose value for an index
 * key attribute has the wrong type is rejected (validation error)"). The engine evaluates the condition first and
 * answers ConditionalCheckFailedException when the condition is false.
 */
class PutValidationOrderTest {
    Storage storage;

    @BeforeEach
    void engine() {
        assumeTrue(ModelOps.engineAvailable() && ModelOps.expressionsAvailable(), "storage engine not landed yet");
        storage = ModelReplay.freshStorage();
    }

    private void assertRejectedAsInvalid(Map<String, AttributeValue> item, Map<String, AttributeValue> key) {
        PutItemRequest put = PutItemRequest.builder()
                .tableName(ModelSchemas.T2)
                .item(item)
                .conditionExpression("attribute_exists(p1)")
                .build(); // false: there is no item yet
        assertThatThrownBy(() -> storage.putItem(put)).isInstanceOf(ValidationException.class);
        assertThat(storage.getItem(GetItemRequest.builder()
                                .tableName(ModelSchemas.T2)
                                .key(key)
                                .build())
                        .item())
                .isNull();
    }

    @Test
    void emptyStringGsiKeyWithFalseConditionIsAValidationError() {
        Map<String, AttributeValue> key = Map.of("id", AttributeValue.n(1));
        assertRejectedAsInvalid(
                Map.of("id", AttributeValue.n(1), "hg", AttributeValue.s(""), "hs", AttributeValue.n(100)), key);
    }

    @Test
    void wronglyTypedGsiKeyWithFalseConditionIsAValidationError() {
        Map<String, AttributeValue> key = Map.of("id", AttributeValue.n(2));
        assertRejectedAsInvalid(Map.of("id", AttributeValue.n(2), "hs", AttributeValue.s("not a number")), key);
    }

    @Test
    void withoutAConditionTheEngineAlreadyRejectsIt() {
        PutItemRequest put = PutItemRequest.builder()
                .tableName(ModelSchemas.T2)
                .item(Map.of("id", AttributeValue.n(3), "hs", AttributeValue.s("not a number")))
                .build();
        assertThatThrownBy(() -> storage.putItem(put)).isInstanceOf(ValidationException.class);
    }
}
