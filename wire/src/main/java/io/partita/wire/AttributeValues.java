package io.partita.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's JSON form of attribute values ({@code {"S":"x"}}, {@code {"N":"1"}}, {@code {"B":"<base64>"}}, ...)
 * and of items, keys and value maps, both ways: read straight from the parser, written straight to the generator.
 */
public final class AttributeValues {
    /** The type names, encoded once: the writer copies their bytes instead of encoding each name on each write. */
    private static final SerializableString S = new SerializedString("S");

    private static final SerializableString N = new SerializedString("N");
    private static final SerializableString B = new SerializedString("B");
    private static final SerializableString BOOL = new SerializedString("BOOL");
    private static final SerializableString NULL = new SerializedString("NULL");
    private static final SerializableString L = new SerializedString("L");
    private static final SerializableString M = new SerializedString("M");
    private static final SerializableString SS = new SerializedString("SS");
    private static final SerializableString NS = new SerializedString("NS");
    private static final SerializableString BS = new SerializedString("BS");

    private static final String EMPTY =
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";

    private AttributeValues() {}

    // ---- reading ----------------------------------------------------------------------------------------

    /** The attribute value the parser stands on (its {@code START_OBJECT}); the parser ends on its end. */
    public static AttributeValue read(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw WireException.serialization(
                    "Unexpected value type in payload: an AttributeValue must be a JSON object");
        }
        AttributeValue result = null;
        String type = null;
        int set = 0;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            if (p.nextToken() == JsonToken.VALUE_NULL) {
                continue;
            }
            if (!name.equals(type)) {
                set++;
            }
            type = name;
            result = readOne(p, name);
        }
        if (t != JsonToken.END_OBJECT) {
            throw WireException.serialization("Malformed JSON object");
        }
        if (set == 0) {
            throw WireException.validation(EMPTY);
        }
        if (set > 1) {
            throw WireException.validation(
                    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
        }
        return result;
    }

    /** An item, key or attribute-value map the parser stands on; {@code null} on JSON {@code null}. */
    public static Map<String, AttributeValue> readMap(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.START_OBJECT) {
            throw WireException.serialization("Unexpected value type in payload: expected a map of attribute values");
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            out.put(name, read(p));
        }
        if (t != JsonToken.END_OBJECT) {
            throw WireException.serialization("Malformed JSON object");
        }
        return out;
    }

    private static AttributeValue readOne(JsonParser p, String type) throws IOException {
        switch (type) {
            case "S":
                return AttributeValue.s(string(p, type));
            case "N":
                return AttributeValue.n(string(p, type));
            case "B":
                return AttributeValue.b(base64(p));
            case "BOOL":
                return AttributeValue.bool(bool(p, type));
            case "NULL":
                if (!bool(p, type)) {
                    throw WireException.validation(
                            "One or more parameter values were invalid: Null attribute value types must have the value of true");
                }
                return AttributeValue.nul();
            case "L": {
                list(p, type);
                List<AttributeValue> out = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    out.add(read(p));
                }
                return AttributeValue.l(out);
            }
            case "M":
                return AttributeValue.m(readMap(p));
            case "SS":
                return AttributeValue.ss(set(p, type, "string"));
            case "NS":
                return AttributeValue.nsOf(set(p, type, "number").toArray(new String[0]));
            case "BS": {
                list(p, type);
                List<Bytes> out = new ArrayList<>();
                if (p.nextToken() == JsonToken.END_ARRAY) {
                    throw emptySet("binary");
                }
                do {
                    out.add(Bytes.copyOf(base64(p)));
                } while (p.nextToken() != JsonToken.END_ARRAY);
                return AttributeValue.bs(out);
            }
            default:
                throw WireException.unknownAttributeType(type);
        }
    }

    /** The strings of a non-empty {@code SS} or {@code NS}. */
    private static List<String> set(JsonParser p, String type, String kind) throws IOException {
        list(p, type);
        List<String> out = new ArrayList<>();
        if (p.nextToken() == JsonToken.END_ARRAY) {
            throw emptySet(kind);
        }
        do {
            out.add(string(p, type));
        } while (p.nextToken() != JsonToken.END_ARRAY);
        return out;
    }

    private static WireException emptySet(String kind) {
        return WireException.validation(
                "One or more parameter values were invalid: An " + kind + " set  may not be empty");
    }

    private static void list(JsonParser p, String type) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw WireException.serialization("Unexpected value type for " + type + ": expected a list");
        }
    }

    private static String string(JsonParser p, String type) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw WireException.serialization("Unexpected value type for " + type + ": expected a string");
        }
        return p.getText();
    }

    private static boolean bool(JsonParser p, String type) {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
            throw WireException.serialization("Unexpected value type for " + type + ": expected a boolean");
        }
        return t == JsonToken.VALUE_TRUE;
    }

    private static byte[] base64(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw WireException.serialization("Unexpected value type for B: expected a base64 string");
        }
        String s = p.getText();
        try {
            return Base64.getMimeDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw WireException.serialization(
                    "Base64 encoded length is expected a multiple of 4 bytes but found: " + s.length());
        }
    }

    // ---- writing ----------------------------------------------------------------------------------------

    public static void write(JsonGenerator g, AttributeValue value) throws IOException {
        g.writeStartObject();
        if (value instanceof AttributeValue.S s) {
            g.writeFieldName(S);
            g.writeString(s.value());
        } else if (value instanceof AttributeValue.N n) {
            g.writeFieldName(N);
            g.writeString(n.text());
        } else if (value instanceof AttributeValue.B b) {
            g.writeFieldName(B);
            binary(g, b.value());
        } else if (value instanceof AttributeValue.Bool b) {
            g.writeFieldName(BOOL);
            g.writeBoolean(b.value());
        } else if (value instanceof AttributeValue.Null) {
            g.writeFieldName(NULL);
            g.writeBoolean(true);
        } else if (value instanceof AttributeValue.L l) {
            g.writeFieldName(L);
            g.writeStartArray();
            for (AttributeValue v : l.values()) {
                write(g, v);
            }
            g.writeEndArray();
        } else if (value instanceof AttributeValue.M m) {
            g.writeFieldName(M);
            writeMap(g, m.values());
        } else {
            writeSet(g, value);
        }
        g.writeEndObject();
    }

    private static void writeSet(JsonGenerator g, AttributeValue value) throws IOException {
        if (value instanceof AttributeValue.SS ss) {
            g.writeFieldName(SS);
            g.writeStartArray();
            for (String s : ss.values()) {
                g.writeString(s);
            }
        } else if (value instanceof AttributeValue.NS ns) {
            g.writeFieldName(NS);
            g.writeStartArray();
            for (BigDecimal d : ns.values()) {
                g.writeString(AttributeValue.n(d).text());
            }
        } else if (value instanceof AttributeValue.BS bs) {
            g.writeFieldName(BS);
            g.writeStartArray();
            for (Bytes b : bs.values()) {
                binary(g, b);
            }
        } else {
            throw new IllegalArgumentException("unknown attribute value " + value);
        }
        g.writeEndArray();
    }

    private static void binary(JsonGenerator g, Bytes b) throws IOException {
        byte[] bytes = b.toByteArray();
        g.writeBinary(bytes, 0, bytes.length);
    }

    /** An item, key or attribute-value map. */
    public static void writeMap(JsonGenerator g, Map<String, ? extends AttributeValue> item) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, ? extends AttributeValue> e : item.entrySet()) {
            g.writeFieldName(e.getKey());
            write(g, e.getValue());
        }
        g.writeEndObject();
    }

    /** Writes {@code "name": {item}} when the item is not null. */
    public static void writeMapField(JsonGenerator g, String name, Map<String, ? extends AttributeValue> item)
            throws IOException {
        if (item != null) {
            g.writeFieldName(name);
            writeMap(g, item);
        }
    }
}
