package io.partita.server;

import io.partita.dynamodb.DynamoDbLocal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The two peers of the PartiQL differential tests: the Partita server over HTTP and DynamoDB Local in process,
 * both through SDK v2 clients, with the tables the tests use and an outcome of a call that compares across them
 * (the response as text, or the error's type and message).
 */
final class PartiQlPeers {
    static final String MALFORMED = "Statement wasn't well formed, can't be processed:";

    private PartiQlPeers() {}

    static List<DynamoDbClient> clients() {
        return List.of(TestServer.client(), DynamoDbLocal.client());
    }

    /** Empties both peers and creates Music (artist S, track N; GSI ByGenre on genre) and Simple (id S). */
    static void freshTables() {
        TestServer.deleteAllTables();
        DynamoDbLocal.deleteAllTables();
        for (DynamoDbClient c : clients()) {
            c.createTable(b -> b.tableName("Music")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(
                            attribute("artist", ScalarAttributeType.S),
                            attribute("track", ScalarAttributeType.N),
                            attribute("genre", ScalarAttributeType.S))
                    .keySchema(key("artist", KeyType.HASH), key("track", KeyType.RANGE))
                    .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                            .indexName("ByGenre")
                            .keySchema(key("genre", KeyType.HASH))
                            .projection(p -> p.projectionType(ProjectionType.ALL))
                            .build()));
            c.createTable(b -> b.tableName("Simple")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(attribute("id", ScalarAttributeType.S))
                    .keySchema(key("id", KeyType.HASH)));
        }
    }

    private static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    /**
     * The outcome of {@code call} on one peer: {@code describe} of its response, or {@code error <type>: <message>}
     * (a statement DynamoDB cannot parse: only the type and the common prefix, as the parsers word the rest each
     * their own way); a cancelled transaction adds its reasons' codes and messages.
     */
    static <R> String outcome(DynamoDbClient c, Function<DynamoDbClient, R> call, Function<R, String> describe) {
        try {
            return describe.apply(call.apply(c));
        } catch (DynamoDbException e) {
            // the type the client sees: the SDK's exception class (DynamoDB Local in process names
            // DuplicateItemException's
            // code "DuplicateItem" on the error, where the SDK still raises DuplicateItemException)
            String type = e.getClass() == DynamoDbException.class
                    ? e.awsErrorDetails().errorCode()
                    : e.getClass().getSimpleName();
            String message = e.awsErrorDetails().errorMessage();
            if (message != null && message.startsWith(MALFORMED)) {
                message = MALFORMED + " ...";
            }
            StringBuilder out =
                    new StringBuilder("error ").append(type).append(": ").append(message);
            if (e instanceof TransactionCanceledException t) {
                t.cancellationReasons()
                        .forEach(r -> out.append(" | ")
                                .append(r.code())
                                .append(' ')
                                .append(r.message())
                                .append(r.hasItem() ? " " + r.item() : ""));
            }
            return out.toString();
        }
    }

    /** An error message to compare: a statement DynamoDB cannot parse, its common prefix only. */
    static String message(String message) {
        return message != null && message.startsWith(MALFORMED) ? MALFORMED + " ..." : message;
    }

    /** An ExecuteStatement response: its items in order, whether a next page is announced. */
    static String items(ExecuteStatementResponse r) {
        List<String> items = new ArrayList<>();
        r.items().forEach(item -> items.add(canonical(AttributeValue.fromM(item))));
        return "items " + items + (r.nextToken() != null ? " +next" : "");
    }

    /** A value as text with every map's members in name order (the peers keep different member orders). */
    static String canonical(AttributeValue v) {
        if (v.hasM()) {
            StringBuilder out = new StringBuilder("{");
            new java.util.TreeMap<>(v.m())
                    .forEach((k, e) ->
                            out.append(k).append('=').append(canonical(e)).append(','));
            return out.append('}').toString();
        }
        if (v.hasL()) {
            List<String> out = new ArrayList<>();
            v.l().forEach(e -> out.add(canonical(e)));
            return out.toString();
        }
        return v.toString();
    }

    /** An ExecuteStatement response whose item order is the peer's own (a Scan): its items sorted. */
    static String sortedItems(ExecuteStatementResponse r) {
        return "items " + sorted(r.items()) + (r.nextToken() != null ? " +next" : "");
    }

    static List<String> sorted(List<Map<String, AttributeValue>> items) {
        List<String> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            out.add(canonical(AttributeValue.fromM(item)));
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /** Every item of a table, sorted, read with a plain Scan. */
    static List<String> table(DynamoDbClient c, String name) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        c.scanPaginator(ScanRequest.builder().tableName(name).build()).items().forEach(items::add);
        return sorted(items);
    }
}
