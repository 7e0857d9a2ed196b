package io.partita.mapping;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeValue;
import io.partita.wire.AttributeValues;
import io.partita.wire.Wire;
import io.partita.wire.WireException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * DynamoDB's wire JSON for attribute values ({@code {"S":"x"}}, {@code {"N":"1.5"}}, {@code {"B":"base64"}},
 * {@code {"M":{...}}}, ...), as the AWS CLI and the low-level API write it. Cursors are encoded with it so
 * they move between backends. Written and read by the wire codec ({@code partita-wire}), which the server,
 * the export and the import share, with the runtime's messages for input that is not DynamoDB JSON.
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

    /** The item an {@link #itemToJson} object holds, read by the wire codec. */
    public static Map<String, AttributeValue> itemFromJson(JsonNode json) {
        if (!json.isObject()) {
            throw new MappingException(RuntimeMessage.JsonNotAnItem.format(json.getNodeType()));
        }
        try (JsonParser p = json.traverse()) {
            p.nextToken();
            return readItem(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The item (or key) the parser stands on, straight from the stream by the wire codec: DynamoDB's form only
     * (numbers, binaries and set members as JSON strings). The parser ends on the item's last token. Input
     * DynamoDB would refuse is a {@link MappingException} with the wire codec's (DynamoDB's) message, or, for a
     * value of an unknown type, one naming the type and where it is.
     */
    public static Map<String, AttributeValue> readItem(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.START_OBJECT) {
            throw new MappingException(RuntimeMessage.JsonNotAnItem.format(nodeType(t)));
        }
        try {
            return AttributeValues.readMap(p);
        } catch (WireException e) {
            throw mappingException(p, e);
        }
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

    /** The value a {@link #toJson} object holds, read by the wire codec. */
    public static AttributeValue fromJson(JsonNode json) {
        if (!json.isObject() || json.size() != 1) {
            throw new MappingException(RuntimeMessage.JsonNotAnAttributeValue.format(json));
        }
        try (JsonParser p = json.traverse()) {
            p.nextToken();
            return AttributeValues.read(p);
        } catch (WireException e) {
            throw new MappingException(
                    e.unknownAttributeType() != null
                            ? RuntimeMessage.JsonUnknownAttributeType.format(e.unknownAttributeType(), json)
                            : e.getMessage(),
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The wire codec's error as the runtime's: an unknown type named with the JSON pointer of its value. */
    private static MappingException mappingException(JsonParser p, WireException e) {
        if (e.unknownAttributeType() == null) {
            return new MappingException(e.getMessage(), e);
        }
        JsonStreamContext value = p.getParsingContext();
        String where = value.getParent() == null
                ? "the value"
                : value.getParent().pathAsPointer().toString();
        return new MappingException(RuntimeMessage.JsonUnknownAttributeType.format(e.unknownAttributeType(), where), e);
    }

    /** The name a tree gives the JSON value a token starts (as {@code JsonNodeType} spells it). */
    private static String nodeType(JsonToken t) {
        if (t == null) {
            return "MISSING";
        }
        return switch (t) {
            case START_ARRAY -> "ARRAY";
            case VALUE_STRING -> "STRING";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "NUMBER";
            case VALUE_TRUE, VALUE_FALSE -> "BOOLEAN";
            case VALUE_NULL -> "NULL";
            default -> t.name();
        };
    }
}
