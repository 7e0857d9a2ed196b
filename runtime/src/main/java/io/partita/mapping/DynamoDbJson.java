package io.partita.mapping;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import io.partita.wire.AttributeValues;
import io.partita.wire.Wire;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's wire JSON for attribute values ({@code {"S":"x"}}, {@code {"N":"1.5"}}, {@code {"B":"base64"}},
 * {@code {"M":{...}}}, ...), as the AWS CLI and the low-level API write it. Cursors are encoded with it so
 * they move between backends. Written by the wire codec ({@code partita-wire}), which the server and the
 * export share; read here from a tree, with the runtime's messages for a line that is not DynamoDB JSON.
 */
public final class DynamoDbJson {
    private DynamoDbJson() {}

    /** An item (or key) as a JSON object of typed values, written by the wire codec. */
    public static ObjectNode itemToJson(Map<String, AttributeValue> item) {
        ByteArrayBuilder bytes = new ByteArrayBuilder(128);
        try {
            try (JsonGenerator g = Wire.FACTORY.createGenerator(bytes, JsonEncoding.UTF8)) {
                AttributeValues.writeMap(g, item);
            }
            return (ObjectNode) Trees.READER.readTree(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** One typed value: a one-field object named after the type, written by the wire codec. */
    public static ObjectNode toJson(AttributeValue value) {
        ByteArrayBuilder bytes = new ByteArrayBuilder(32);
        try {
            try (JsonGenerator g = Wire.FACTORY.createGenerator(bytes, JsonEncoding.UTF8)) {
                AttributeValues.write(g, value);
            }
            return (ObjectNode) Trees.READER.readTree(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the written text back as a tree (cursors: small keys, so the round trip costs little). */
    private static final class Trees {
        static final ObjectMapper READER = new ObjectMapper();
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
