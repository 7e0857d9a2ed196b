package io.partita.storage.expression;

/**
 * Entry point of the expression language: parses DynamoDB's condition, filter, key-condition, projection
 * and update expressions. Parses are cached by text, so a request repeated with new placeholder values
 * pays for parsing once. Malformed text throws a {@link io.partita.storage.ValidationException} whose
 * message starts as DynamoDB's does, e.g. {@code Invalid ConditionExpression: Syntax error; token: ...}.
 */
public final class Expressions {
    private Expressions() {}

    /** A condition ({@link ExpressionKind#CONDITION}) or filter ({@link ExpressionKind#FILTER}) expression. */
    public static ConditionExpression parseCondition(String text, ExpressionKind kind) {
        throw new UnsupportedOperationException("expression parser: in progress on its own branch");
    }

    public static KeyConditionExpression parseKeyCondition(String text) {
        throw new UnsupportedOperationException("expression parser: in progress on its own branch");
    }

    public static ProjectionExpression parseProjection(String text) {
        throw new UnsupportedOperationException("expression parser: in progress on its own branch");
    }

    public static UpdateExpression parseUpdate(String text) {
        throw new UnsupportedOperationException("expression parser: in progress on its own branch");
    }
}
