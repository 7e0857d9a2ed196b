package io.partita.storage.expression;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Entry point of the expression language: parses DynamoDB's condition, filter, key-condition, projection
 * and update expressions. Parses are cached by kind and text (a bounded, thread-safe cache), so a request
 * repeated with new placeholder values pays for parsing once; parsed expressions are immutable and resolve
 * placeholders per evaluation. Malformed text throws a {@link io.partita.storage.ValidationException} whose
 * message starts as DynamoDB's does, e.g. {@code Invalid ConditionExpression: Syntax error; ...}.
 */
public final class Expressions {
    private Expressions() {}

    /** Distinct texts kept per kind; past this the kind's cache is emptied and refills with what is in use. */
    static final int CACHE_CAPACITY_PER_KIND = 4096;

    private static final Map<ExpressionKind, ConcurrentHashMap<String, ParsedExpression>> CACHES =
            new EnumMap<>(ExpressionKind.class);

    static {
        for (ExpressionKind kind : ExpressionKind.values()) {
            CACHES.put(kind, new ConcurrentHashMap<>());
        }
    }

    /** A condition ({@link ExpressionKind#CONDITION}) or filter ({@link ExpressionKind#FILTER}) expression. */
    public static ConditionExpression parseCondition(String text, ExpressionKind kind) {
        if (kind != ExpressionKind.CONDITION && kind != ExpressionKind.FILTER) {
            throw new IllegalArgumentException("not a condition or filter expression kind: " + kind);
        }
        ParsedExpression cached = cached(kind, text);
        if (cached != null) {
            return (ConditionExpression) cached;
        }
        return remember(kind, text, ConditionExpressionImpl.parse(text, kind));
    }

    public static KeyConditionExpression parseKeyCondition(String text) {
        ParsedExpression cached = cached(ExpressionKind.KEY_CONDITION, text);
        if (cached != null) {
            return (KeyConditionExpression) cached;
        }
        return remember(ExpressionKind.KEY_CONDITION, text, KeyConditionExpressionImpl.parse(text));
    }

    public static ProjectionExpression parseProjection(String text) {
        ParsedExpression cached = cached(ExpressionKind.PROJECTION, text);
        if (cached != null) {
            return (ProjectionExpression) cached;
        }
        return remember(ExpressionKind.PROJECTION, text, ProjectionExpressionImpl.parse(text));
    }

    public static UpdateExpression parseUpdate(String text) {
        ParsedExpression cached = cached(ExpressionKind.UPDATE, text);
        if (cached != null) {
            return (UpdateExpression) cached;
        }
        return remember(ExpressionKind.UPDATE, text, UpdateExpressionImpl.parse(text));
    }

    private static ParsedExpression cached(ExpressionKind kind, String text) {
        return text == null ? null : CACHES.get(kind).get(text);
    }

    private static <T extends ParsedExpression> T remember(ExpressionKind kind, String text, T parsed) {
        ConcurrentHashMap<String, ParsedExpression> cache = CACHES.get(kind);
        if (cache.size() >= CACHE_CAPACITY_PER_KIND) {
            cache.clear();
        }
        ParsedExpression previous = cache.putIfAbsent(text, parsed);
        @SuppressWarnings("unchecked")
        T result = previous == null ? parsed : (T) previous;
        return result;
    }

    /** For tests: how many parses of this kind are cached. */
    static int cachedCount(ExpressionKind kind) {
        return CACHES.get(kind).size();
    }
}
