package io.partita.storage.expression;

/** Which request parameter an expression came from; error messages name it as DynamoDB does. */
public enum ExpressionKind {
    CONDITION("ConditionExpression"),
    FILTER("FilterExpression"),
    KEY_CONDITION("KeyConditionExpression"),
    PROJECTION("ProjectionExpression"),
    UPDATE("UpdateExpression");

    private final String parameterName;

    ExpressionKind(String parameterName) {
        this.parameterName = parameterName;
    }

    /** e.g. {@code ConditionExpression}, as in {@code Invalid ConditionExpression: Syntax error; ...}. */
    public String parameterName() {
        return parameterName;
    }
}
