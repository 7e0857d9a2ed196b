package io.partita.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's wire JSON for attribute values ({@code {"S":"x"}}, {@code {"N":"1.5"}}, {@code {"B":"base64"}},
 * {@code {"M":{...}}}, ...), as the AWS CLI and the low-level API write it. Cursors are encoded with it so
 * they move between backends.
 */
public final class DynamoDbJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DynamoDbJson() {}

    /** An item (or key) as a JSON object of typed values. */
    public static ObjectNode itemToJson(Map<String, AttributeValue> item) {
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            out.set(e.getKey(), toJson(e.getValue()));
        }
        return out;
    }

    /** The item an {@link #itemToJson} object holds. */
    public static Map<String, AttributeValue> itemFromJson(JsonNode json) {
        if (!json.isObject()) {
            throw new MappingException(RuntimeMessage.JsonNotAnItem.format(json.getNodeType()));
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            item.put(e.getKey(), fromJson(e.getValue()));
        }
        return item;
    }

    /** One typed value: a one-field object named after the type. */
    public static ObjectNode toJson(AttributeValue value) {
        ObjectNode out = NODES.objectNode();
        if (value instanceof AttributeValue.S s) {
            out.put("S", s.value());
        } else if (value instanceof AttributeValue.N n) {
            out.put("N", n.text());
        } else if (value instanceof AttributeValue.B b) {
            out.put("B", b.value().toBase64());
        } else if (value instanceof AttributeValue.Bool b) {
            out.put("BOOL", b.value());
        } else if (value instanceof AttributeValue.Null) {
            out.put("NULL", true);
        } else if (value instanceof AttributeValue.L l) {
            ArrayNode array = out.putArray("L");
            l.values().forEach(v -> array.add(toJson(v)));
        } else if (value instanceof AttributeValue.M m) {
            out.set("M", itemToJson(m.values()));
        } else if (value instanceof AttributeValue.SS ss) {
            ArrayNode array = out.putArray("SS");
            ss.values().forEach(array::add);
        } else if (value instanceof AttributeValue.NS ns) {
            ArrayNode array = out.putArray("NS");
            ns.values().forEach(v -> array.add(AttributeValue.n(v).text()));
        } else if (value instanceof AttributeValue.BS bs) {
            ArrayNode array = out.putArray("BS");
            bs.values().forEach(v -> array.add(v.toBase64()));
        } else {
            throw new MappingException(RuntimeMessage.UnknownAttributeValue.format(value));
        }
        return out;
    }

    /** The value a {@link #toJson} object holds. */
    public static AttributeValue fromJson(JsonNode json) {
        if (!json.isObject() || json.size() != 1) {
            throw new MappingException(RuntimeMessage.JsonNotAnAttributeValue.format(json));
        }
        Map.Entry<String, JsonNode> e = json.fields().next();
        JsonNode v = e.getValue();
        return switch (e.getKey()) {
            case "S" -> AttributeValue.s(v.asText());
            case "N" -> AttributeValue.n(v.asText());
            case "B" -> AttributeValue.b(Bytes.fromBase64(v.asText()));
            case "BOOL" -> AttributeValue.bool(v.asBoolean());
            case "NULL" -> AttributeValue.nul();
            case "L" -> {
                List<AttributeValue> values = new ArrayList<>();
                v.forEach(x -> values.add(fromJson(x)));
                yield AttributeValue.l(values);
            }
            case "M" -> AttributeValue.m(itemFromJson(v));
            case "SS" -> {
                List<String> values = new ArrayList<>();
                v.forEach(x -> values.add(x.asText()));
                yield AttributeValue.ss(values);
            }
            case "NS" -> {
                List<BigDecimal> values = new ArrayList<>();
                v.forEach(x -> values.add(new BigDecimal(x.asText())));
                yield AttributeValue.ns(values);
            }
            case "BS" -> {
                List<Bytes> values = new ArrayList<>();
                v.forEach(x -> values.add(Bytes.fromBase64(x.asText())));
                yield AttributeValue.bs(values);
            }
            default -> throw new MappingException(RuntimeMessage.JsonUnknownAttributeType.format(e.getKey(), json));
        };
    }
}
