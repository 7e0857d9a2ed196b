package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The fixture the differential tests share: DynamoDB Local ({@link DynamoDbLocal}, started once per JVM) and this
 * server ({@link TestServer}) with the same tables, the same call to both, and the answer of each compared as text
 * (an error's type and message, or the result with maps in key order).
 */
final class Differential {
    private Differential() {}

    static AttributeValue s(String v) {
        return AttributeValue.builder().s(v).build();
    }

    static AttributeValue n(String v) {
        return AttributeValue.builder().n(v).build();
    }

    static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    /**
     * A pay-per-request table keyed by the strings {@code pk} (partition) and {@code sk} (sort), plus the attributes
     * {@code more} defines (its own indexes); the rest of the request is {@code more}'s.
     */
    static void pkSkTable(
            DynamoDbClient c, String name, Consumer<CreateTableRequest.Builder> more, AttributeDefinition... extra) {
        AttributeDefinition[] definitions = new AttributeDefinition[2 + extra.length];
        definitions[0] = attribute("pk", ScalarAttributeType.S);
        definitions[1] = attribute("sk", ScalarAttributeType.S);
        System.arraycopy(extra, 0, definitions, 2, extra.length);
        c.createTable(b -> {
            b.tableName(name)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(definitions)
                    .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE));
            more.accept(b);
        });
    }

    /** Both stores emptied of tables, then {@code setUp} run on each. */
    static void freshTables(Consumer<DynamoDbClient> setUp) {
        DynamoDbLocal.deleteAllTables();
        TestServer.deleteAllTables();
        setUp.accept(DynamoDbLocal.client());
        setUp.accept(TestServer.client());
    }

    /** What a call answered: the error's type and message, or the result (maps in key order). */
    static String outcome(DynamoDbClient c, Function<DynamoDbClient, Object> call) {
        try {
            return "OK " + sorted(call.apply(c));
        } catch (DynamoDbException e) {
            return e.getClass().getSimpleName() + ": " + e.awsErrorDetails().errorMessage();
        }
    }

    private static Object sorted(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new TreeMap<>();
            m.forEach((k, v) -> out.put(String.valueOf(k), sorted(v)));
            return out;
        }
        if (o instanceof List<?> l) {
            return l.stream().map(Differential::sorted).toList();
        }
        return o;
    }

    /** The call answers this server as it answers DynamoDB Local. */
    static void same(String what, Function<DynamoDbClient, Object> call) {
        String local = outcome(DynamoDbLocal.client(), call);
        String ours = outcome(TestServer.client(), call);
        assertThat(ours).as(what + " (DynamoDB Local: " + local + ")").isEqualTo(local);
    }
}
