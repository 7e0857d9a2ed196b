package io.partita;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.mapping.DynamoDbJson;
import io.partita.storage.value.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where a query resumes: opaque to users, who pass it back to {@code page(cursor)} and may store it as text
 * ({@link #toString()} / {@link #parse(String)} round-trip). The text is URL-safe base64 of a JSON document
 * holding the LastEvaluatedKey(s) in DynamoDB's wire JSON, so a cursor from one backend resumes on another.
 *
 * <p>A plain query has one position. A scattered query (one partition per shard) has one position per
 * shard: a key to resume after, {@code null} for a shard not read yet, or an empty map for a shard read to
 * its end.
 */
public final class Cursor {
    private static final int FORMAT_VERSION = 1;
    private final List<Map<String, AttributeValue>> positions;

    private Cursor(List<Map<String, AttributeValue>> positions) {
        this.positions = positions;
    }

    /** The cursor after a query page whose response carried {@code lastEvaluatedKey}. */
    public static Cursor of(Map<String, AttributeValue> lastEvaluatedKey) {
        Objects.requireNonNull(lastEvaluatedKey, "lastEvaluatedKey");
        if (lastEvaluatedKey.isEmpty()) {
            throw new IllegalArgumentException(RuntimeMessage.CursorPositionEmpty.format());
        }
        return new Cursor(List.of(Map.copyOf(lastEvaluatedKey)));
    }

    /**
     * A scattered query's cursor: per shard, a key to resume after, {@code null} (not started) or an empty map
     * (exhausted).
     */
    public static Cursor ofShards(List<Map<String, AttributeValue>> positions) {
        List<Map<String, AttributeValue>> copy = new ArrayList<>(positions.size());
        for (Map<String, AttributeValue> p : positions) {
            copy.add(p == null ? null : Map.copyOf(p));
        }
        return new Cursor(Collections.unmodifiableList(copy));
    }

    /** The single position of a plain query's cursor. */
    public Map<String, AttributeValue> lastEvaluatedKey() {
        if (positions.size() != 1
                || positions.get(0) == null
                || positions.get(0).isEmpty()) {
            throw new IllegalArgumentException(RuntimeMessage.CursorOfScatteredQuery.format(positions.size()));
        }
        return positions.get(0);
    }

    /** Every position (one per shard of a scattered query; one for a plain query). */
    public List<Map<String, AttributeValue>> positions() {
        return positions;
    }

    /**
     * Reads a cursor from its {@link #toString()} text.
     *
     * @throws IllegalArgumentException when {@code text} is not a Partita cursor
     */
    public static Cursor parse(String text) {
        Objects.requireNonNull(text, "text");
        try {
            byte[] json;
            try {
                json = Base64.getUrlDecoder().decode(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(RuntimeMessage.CursorNotBase64.format(text), e);
            }
            JsonNode root = Json.MAPPER.readTree(json);
            if (root == null
                    || root.path("v").asInt() != FORMAT_VERSION
                    || !root.path("k").isArray()) {
                throw new IllegalArgumentException(RuntimeMessage.CursorWrongVersion.format(FORMAT_VERSION, text));
            }
            List<Map<String, AttributeValue>> positions = new ArrayList<>();
            for (JsonNode position : root.get("k")) {
                positions.add(position.isNull() ? null : Map.copyOf(DynamoDbJson.itemFromJson(position)));
            }
            if (positions.isEmpty()) {
                throw new IllegalArgumentException(RuntimeMessage.CursorWithoutPositions.format(text));
            }
            return new Cursor(Collections.unmodifiableList(positions));
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalArgumentException(RuntimeMessage.NotACursor.format(text), e);
        }
    }

    /** The cursor as URL-safe text; {@link #parse(String)} reads it back. */
    @Override
    public String toString() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("v", FORMAT_VERSION);
        ArrayNode keys = root.putArray("k");
        for (Map<String, AttributeValue> p : positions) {
            if (p == null) {
                keys.addNull();
            } else {
                keys.add(DynamoDbJson.itemToJson(new java.util.TreeMap<>(p)));
            }
        }
        try {
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(Json.MAPPER.writeValueAsString(root).getBytes(StandardCharsets.UTF_8));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(RuntimeMessage.CursorNotEncodable.format(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cursor other && positions.equals(other.positions);
    }

    @Override
    public int hashCode() {
        return positions.hashCode();
    }

    /** Holder so the mapper is created on first cursor use, not when {@code Cursor} loads. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
}
