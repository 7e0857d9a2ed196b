package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DynamoDB's JSON form of attribute values ({@code {"S":"x"}}, {@code {"N":"1"}}, {@code {"B":"<base64>"}}, ...) both ways. */
final class Values {
    private Values() {}

    // ---- reading ----------------------------------------------------------------------------------------

    static AttributeValue read(Object json) {
        if (!(json instanceof Map<?, ?> m)) {
            throw ApiException.serialization(
                    "Unexpected value type in payload: an AttributeValue must be a JSON object");
        }
        if (m.isEmpty()) {
            throw ApiException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        AttributeValue result = null;
        int set = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            Object v = e.getValue();
            if (v == null) {
                continue;
            }
            set++;
            result = readOne((String) e.getKey(), v);
        }
        if (set == 0) {
            throw ApiException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        if (set > 1) {
            throw ApiException.validation(
                    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
        }
        return result;
    }

    private static AttributeValue readOne(String type, Object v) {
        switch (type) {
            case "S":
                return AttributeValue.s(string(v, type));
            case "N":
                return AttributeValue.n(string(v, type));
            case "B":
                return AttributeValue.b(base64(v));
            case "BOOL":
                if (!(v instanceof Boolean b)) {
                    throw ApiException.serialization("Unexpected value type for BOOL: expected a boolean");
                }
                return AttributeValue.bool(b);
            case "NULL":
                if (!(v instanceof Boolean b)) {
                    throw ApiException.serialization("Unexpected value type for NULL: expected a boolean");
                }
                if (!b) {
                    throw ApiException.validation(
                            "One or more parameter values were invalid: Null attribute value types must have the value of true");
                }
                return AttributeValue.nul();
            case "L": {
                List<Object> list = list(v, type);
                List<AttributeValue> out = new ArrayList<>(list.size());
                for (Object o : list) {
                    out.add(read(o));
                }
                return AttributeValue.l(out);
            }
            case "M":
                return AttributeValue.m(readMap(v));
            case "SS": {
                List<Object> list = list(v, type);
                checkSetNotEmpty(list, "string");
                List<String> out = new ArrayList<>(list.size());
                for (Object o : list) {
                    out.add(string(o, type));
                }
                return AttributeValue.ss(out);
            }
            case "NS": {
                List<Object> list = list(v, type);
                checkSetNotEmpty(list, "number");
                String[] out = new String[list.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = string(list.get(i), type);
                }
                return AttributeValue.nsOf(out);
            }
            case "BS": {
                List<Object> list = list(v, type);
                checkSetNotEmpty(list, "binary");
                List<Bytes> out = new ArrayList<>(list.size());
                for (Object o : list) {
                    out.add(Bytes.copyOf(base64(o)));
                }
                return AttributeValue.bs(out);
            }
            default:
                throw ApiException.serialization("Unknown AttributeValue type: " + type);
        }
    }

    private static void checkSetNotEmpty(List<Object> list, String kind) {
        if (list.isEmpty()) {
            throw ApiException.validation(
                    "One or more parameter values were invalid: An " + kind + " set  may not be empty");
        }
    }

    /** An item, key or attribute-value map; {@code null} stays {@code null}. */
    static Map<String, AttributeValue> readMap(Object json) {
        if (json == null) {
            return null;
        }
        if (!(json instanceof Map<?, ?> m)) {
            throw ApiException.serialization("Unexpected value type in payload: expected a map of attribute values");
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>(Math.max(4, m.size() * 2));
        for (Map.Entry<?, ?> e : m.entrySet()) {
            out.put((String) e.getKey(), read(e.getValue()));
        }
        return out;
    }

    private static String string(Object v, String type) {
        if (!(v instanceof String s)) {
            throw ApiException.serialization("Unexpected value type for " + type + ": expected a string");
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object v, String type) {
        if (!(v instanceof List<?> l)) {
            throw ApiException.serialization("Unexpected value type for " + type + ": expected a list");
        }
        return (List<Object>) l;
    }

    private static byte[] base64(Object v) {
        if (!(v instanceof String s)) {
            throw ApiException.serialization("Unexpected value type for B: expected a base64 string");
        }
        try {
            return Base64.getMimeDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw ApiException.serialization(
                    "Base64 encoded length is expected a multiple of 4 bytes but found: " + s.length());
        }
    }

    // ---- writing ----------------------------------------------------------------------------------------

    static void write(JsonGenerator g, AttributeValue value) throws IOException {
        g.writeStartObject();
        if (value instanceof AttributeValue.S s) {
            g.writeStringField("S", s.value());
        } else if (value instanceof AttributeValue.N n) {
            g.writeStringField("N", n.text());
        } else if (value instanceof AttributeValue.B b) {
            g.writeFieldName("B");
            byte[] bytes = b.value().toByteArray();
            g.writeBinary(bytes, 0, bytes.length);
        } else if (value instanceof AttributeValue.Bool b) {
            g.writeBooleanField("BOOL", b.value());
        } else if (value instanceof AttributeValue.Null) {
            g.writeBooleanField("NULL", true);
        } else if (value instanceof AttributeValue.L l) {
            g.writeArrayFieldStart("L");
            for (AttributeValue v : l.values()) {
                write(g, v);
            }
            g.writeEndArray();
        } else if (value instanceof AttributeValue.M m) {
            g.writeFieldName("M");
            writeMap(g, m.values());
        } else if (value instanceof AttributeValue.SS ss) {
            g.writeArrayFieldStart("SS");
            for (String s : ss.values()) {
                g.writeString(s);
            }
            g.writeEndArray();
        } else if (value instanceof AttributeValue.NS ns) {
            g.writeArrayFieldStart("NS");
            for (BigDecimal d : ns.values()) {
                g.writeString(AttributeValue.n(d).text());
            }
            g.writeEndArray();
        } else if (value instanceof AttributeValue.BS bs) {
            g.writeArrayFieldStart("BS");
            for (Bytes b : bs.values()) {
                byte[] bytes = b.toByteArray();
                g.writeBinary(bytes, 0, bytes.length);
            }
            g.writeEndArray();
        } else {
            throw new IllegalArgumentException("unknown attribute value " + value);
        }
        g.writeEndObject();
    }

    static void writeMap(JsonGenerator g, Map<String, ? extends AttributeValue> item) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, ? extends AttributeValue> e : item.entrySet()) {
            g.writeFieldName(e.getKey());
            write(g, e.getValue());
        }
        g.writeEndObject();
    }

    /** Writes {@code "name": {item}} when the item is not null. */
    static void writeMapField(JsonGenerator g, String name, Map<String, ? extends AttributeValue> item)
            throws IOException {
        if (item != null) {
            g.writeFieldName(name);
            writeMap(g, item);
        }
    }
}
