package io.partita.storage.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Storage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Query's value placeholder keys are known valid without iterating the map when they are exactly its key
 * condition's placeholders ({@link Placeholders#ofKeyCondition}): every other request is checked key by key, and a
 * key error still comes before a syntax error in the key condition, as when the keys were checked first.
 */
class QueryPlaceholderKeysTest {
    private static final AttributeValue P = AttributeValue.s("p");

    private Storage storage;

    @BeforeEach
    void table() {
        storage = Storage.inMemory();
        storage.createTable(TableDefinition.builder("Tab")
                .partitionKey(KeyAttribute.s("pk"))
                .sortKey(KeyAttribute.n("sk"))
                .build());
        storage.putItem(PutItemRequest.builder()
                .tableName("Tab")
                .item(Map.of("pk", P, "sk", AttributeValue.n(1)))
                .build());
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private QueryRequest query(String keyCondition, Map<String, AttributeValue> values) {
        return QueryRequest.builder()
                .tableName("Tab")
                .keyConditionExpression(keyCondition)
                .expressionAttributeValues(values)
                .build();
    }

    /** The message the placeholders' own check gives for {@code values}. */
    private static String keyError(Map<String, AttributeValue> values) {
        try {
            new Placeholders(Map.of(), values);
        } catch (ValidationException e) {
            return e.getMessage();
        }
        throw new AssertionError("no key error for " + values);
    }

    @Test
    void exactlyTheKeyConditionsPlaceholdersReadInEveryMapKind() {
        Map<String, AttributeValue> hash = new HashMap<>(Map.of(":p", P));
        Map<String, AttributeValue> linked = new LinkedHashMap<>(Map.of(":p", P, ":s", AttributeValue.n(0)));
        Map<String, AttributeValue> tree = new TreeMap<>(Map.of(":p", P));
        assertThat(storage.query(query("pk = :p", Map.of(":p", P))).count()).isEqualTo(1);
        assertThat(storage.query(query("pk = :p", hash)).count()).isEqualTo(1);
        assertThat(storage.query(query("pk = :p AND sk > :s", linked)).count()).isEqualTo(1);
        assertThat(storage.query(query("pk = :p", tree)).count()).isEqualTo(1);
    }

    @Test
    void anInvalidKeyBesideTheUsedOnesIsNamed() {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        values.put(":p", P);
        values.put("p", P);
        assertThatThrownBy(() -> storage.query(query("pk = :p", values)))
                .isInstanceOf(ValidationException.class)
                .hasMessage(keyError(values));
    }

    @Test
    void anInvalidKeyInPlaceOfTheUsedOneIsNamed() {
        Map<String, AttributeValue> values = Map.of("p", P);
        assertThatThrownBy(() -> storage.query(query("pk = :p", values)))
                .isInstanceOf(ValidationException.class)
                .hasMessage(keyError(values));
    }

    @Test
    void aKeyErrorComesBeforeTheKeyConditionsSyntaxError() {
        Map<String, AttributeValue> values = Map.of("p", P);
        assertThatThrownBy(() -> storage.query(query("pk = = :p", values)))
                .isInstanceOf(ValidationException.class)
                .hasMessage(keyError(values));
        assertThatThrownBy(() -> storage.query(query("pk = = :p", Map.of(":p", P))))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Invalid KeyConditionExpression: Syntax error");
    }

    @Test
    void aKeyTheLexerTakesButPlaceholdersRejectIsNamed() {
        Map<String, AttributeValue> values = Map.of(":é", P);
        assertThatThrownBy(() -> storage.query(query("pk = :é", values)))
                .isInstanceOf(ValidationException.class)
                .hasMessage(keyError(values));
    }
}
