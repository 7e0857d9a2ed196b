package io.partita.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fuzz test's JSON: a request as a tree of {@code Map}, {@code List}, {@code String}, {@code Long},
 * {@code Boolean} and {@code null} that mutations edit, written back with what a tree cannot hold (a member twice,
 * raw text). Read with Jackson's streaming parser, written by hand so that a mutation may write what no JSON library
 * would.
 */
final class FuzzJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** A member name written twice: {@code {"a":1,"a":2}}. */
    record Twice(String name) {}

    /** Text written as it is, valid JSON or not. */
    record Raw(String text) {}

    private FuzzJson() {}

    static Object parse(String json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            p.nextToken();
            return read(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<Object, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    m.put(name, read(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(read(p));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return t == JsonToken.VALUE_TRUE;
            }
            default -> {
                return null;
            }
        }
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object v, StringBuilder out) {
        if (v instanceof Map<?, ?> m) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String name = e.getKey() instanceof Twice tw ? tw.name() : (String) e.getKey();
                int times = e.getKey() instanceof Twice ? 2 : 1;
                for (int i = 0; i < times; i++) {
                    out.append(first ? "" : ",");
                    first = false;
                    string(name, out);
                    out.append(':');
                    write(e.getValue(), out);
                }
            }
            out.append('}');
        } else if (v instanceof List<?> l) {
            out.append('[');
            for (int i = 0; i < l.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(l.get(i), out);
            }
            out.append(']');
        } else if (v instanceof String s) {
            string(s, out);
        } else if (v instanceof Raw r) {
            out.append(r.text());
        } else {
            out.append(v); // Long, Boolean, null
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    /**
     * Whether {@code body} is one JSON object and, for an error answer, has a {@code __type}; the reason it fails
     * otherwise, null when it passes.
     */
    static String checkAnswer(String body, boolean error) {
        try (JsonParser p = FACTORY.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return "not a JSON object";
            }
            boolean type = false;
            int depth = 1;
            while (depth > 0) {
                JsonToken t = p.nextToken();
                if (t == null) {
                    return "truncated JSON";
                }
                if (t.isStructStart()) {
                    depth++;
                } else if (t.isStructEnd()) {
                    depth--;
                } else if (depth == 1
                        && t == JsonToken.FIELD_NAME
                        && p.currentName().equals("__type")) {
                    p.nextToken();
                    type = p.getText().contains("#");
                }
            }
            if (p.nextToken() != null) {
                return "content after the JSON object";
            }
            return error && !type ? "an error without a DynamoDB __type" : null;
        } catch (IOException e) {
            return "not JSON: " + e.getMessage();
        }
    }
}
