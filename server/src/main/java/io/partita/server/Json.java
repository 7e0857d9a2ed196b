package io.partita.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Request bodies read with Jackson's streaming parser into plain Java values: objects become
 * {@code LinkedHashMap<String, Object>} (duplicate keys: the last wins, as DynamoDB's parser does), arrays
 * {@code ArrayList}, strings {@code String}, numbers {@code Long} or {@code Double}, booleans {@code Boolean},
 * {@code null} stays {@code null}. Anything that is not one well-formed JSON value is a
 * {@code SerializationException}.
 */
final class Json {
    /** Objects and arrays nest at most this deep (attribute values nest at most 32 levels in DynamoDB). */
    static final int MAX_DEPTH = 64;

    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private Json() {}

    /** The body as a JSON object (an empty body is an empty object, as DynamoDB reads it). */
    static Map<String, Object> parseObject(byte[] body, int offset, int length) {
        if (length == 0) {
            return new LinkedHashMap<>();
        }
        try (JsonParser p = FACTORY.createParser(body, offset, length)) {
            JsonToken t = p.nextToken();
            if (t != JsonToken.START_OBJECT) {
                throw ApiException.serialization("Start of structure or map found where not expected");
            }
            Map<String, Object> out = readObject(p);
            if (p.nextToken() != null) {
                throw ApiException.serialization("Unexpected content after the request object");
            }
            return out;
        } catch (IOException e) {
            throw ApiException.serialization(firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "Malformed JSON";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static Map<String, Object> readObject(JsonParser p) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            out.put(name, readValue(p, p.nextToken()));
        }
        if (t != JsonToken.END_OBJECT) {
            throw ApiException.serialization("Malformed JSON object");
        }
        return out;
    }

    private static Object readValue(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw ApiException.serialization("Unexpected end of input");
        }
        switch (t) {
            case START_OBJECT:
                return readObject(p);
            case START_ARRAY: {
                List<Object> out = new ArrayList<>();
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    out.add(readValue(p, e));
                }
                return out;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    return p.getDoubleValue();
                }
                return p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return true;
            case VALUE_FALSE:
                return false;
            case VALUE_NULL:
                return null;
            default:
                throw ApiException.serialization("Unexpected token " + t);
        }
    }
}
