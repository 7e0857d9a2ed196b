package io.partita.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import io.partita.storage.value.Bytes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Arbitrary JSON documents as native attribute values (see {@link Codecs#json()}); its own class so Jackson loads lazily. */
final class JsonNodeCodec implements AttributeCodec<JsonNode> {
    static final JsonNodeCodec INSTANCE = new JsonNodeCodec();
    // exact decimals: numbers keep every digit DynamoDB stored (the factory's 'exact' instance; the
    // withExactBigDecimals(boolean) factory method is deprecated)
    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private JsonNodeCodec() {}

    @Override
    public AttributeValue encode(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT -> {
                Map<String, AttributeValue> values = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    values.put(e.getKey(), encode(e.getValue()));
                }
                yield AttributeValue.m(values);
            }
            case ARRAY -> {
                List<AttributeValue> values = new ArrayList<>(node.size());
                node.forEach(v -> values.add(encode(v)));
                yield AttributeValue.l(values);
            }
            case STRING -> AttributeValue.s(node.textValue());
            case NUMBER -> {
                if (node.isDouble() || node.isFloat()) {
                    double d = node.doubleValue();
                    if (Double.isNaN(d) || Double.isInfinite(d)) {
                        throw new MappingException(RuntimeMessage.NumberNotFinite.format(d));
                    }
                }
                yield AttributeValue.n(node.decimalValue());
            }
            case BOOLEAN -> AttributeValue.bool(node.booleanValue());
            case NULL, MISSING -> AttributeValue.nul();
            case BINARY -> {
                try {
                    yield AttributeValue.b(node.binaryValue());
                } catch (java.io.IOException e) {
                    throw new MappingException(RuntimeMessage.JsonUnreadableBinary.format(), e);
                }
            }
            case POJO -> throw new MappingException(RuntimeMessage.JsonPojoNode.format());
        };
    }

    @Override
    public JsonNode decode(AttributeValue value) {
        if (value instanceof AttributeValue.M m) {
            ObjectNode out = NODES.objectNode();
            m.values().forEach((k, v) -> out.set(k, decode(v)));
            return out;
        }
        if (value instanceof AttributeValue.L l) {
            ArrayNode out = NODES.arrayNode(l.values().size());
            l.values().forEach(v -> out.add(decode(v)));
            return out;
        }
        if (value instanceof AttributeValue.S s) {
            return NODES.textNode(s.value());
        }
        if (value instanceof AttributeValue.N n) {
            return number(n.value());
        }
        if (value instanceof AttributeValue.Bool b) {
            return NODES.booleanNode(b.value());
        }
        if (value instanceof AttributeValue.Null) {
            return NODES.nullNode();
        }
        if (value instanceof AttributeValue.B b) {
            return NODES.binaryNode(b.value().toByteArray());
        }
        ArrayNode out = NODES.arrayNode();
        if (value instanceof AttributeValue.SS ss) {
            ss.values().forEach(out::add);
        } else if (value instanceof AttributeValue.NS ns) {
            ns.values().forEach(v -> out.add(number(v)));
        } else if (value instanceof AttributeValue.BS bs) {
            for (Bytes b : bs.values()) {
                out.add(NODES.binaryNode(b.toByteArray()));
            }
        }
        return out;
    }

    private static JsonNode number(BigDecimal value) {
        if (value.scale() <= 0 && value.precision() - value.scale() <= 18) {
            long l = value.longValueExact();
            return l == (int) l ? NODES.numberNode((int) l) : NODES.numberNode(l);
        }
        return NODES.numberNode(value);
    }

    @Override
    public JsonNode absent() {
        return null;
    }

    @Override
    public AttributeType type() {
        return AttributeType.M;
    }
}
