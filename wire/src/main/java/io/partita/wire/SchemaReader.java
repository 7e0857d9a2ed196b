package io.partita.wire;

import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema members of CreateTable and UpdateTable as read from the wire, type-checked but not yet validated
 * ({@link Schemas} checks them in DynamoDB's order): attribute definitions, key schemas, projections,
 * provisioned throughput, index descriptions, tags, the stream specification.
 */
final class SchemaReader {
    record Definition(String name, String type) {}

    record Key(String name, String keyType) {}

    record RawProjection(String type, List<String> nonKeyAttributes) {}

    record Throughput(Long read, Long write) {}

    record Index(String indexName, List<Key> keySchema, RawProjection projection, Throughput throughput) {}

    private SchemaReader() {}

    /** Steps onto the next element of a list of structures named {@code name}; {@code false} at its end. */
    private static boolean nextStructure(JsonIn in, String name) throws IOException {
        if (!in.nextElement()) {
            return false;
        }
        if (!in.object(name)) {
            throw WireException.serialization("Unexpected value type for " + name + ": expected a structure");
        }
        return true;
    }

    static List<Definition> definitions(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<Definition> out = new ArrayList<>();
        while (nextStructure(in, name)) {
            String attribute = null;
            String type = null;
            while (in.nextField()) {
                switch (in.name()) {
                    case "AttributeName" -> attribute = in.string("AttributeName");
                    case "AttributeType" -> type = in.string("AttributeType");
                    default -> in.skip();
                }
            }
            out.add(new Definition(attribute, type));
        }
        return out;
    }

    static List<Key> keySchema(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<Key> out = new ArrayList<>();
        while (nextStructure(in, name)) {
            String attribute = null;
            String keyType = null;
            while (in.nextField()) {
                switch (in.name()) {
                    case "AttributeName" -> attribute = in.string("AttributeName");
                    case "KeyType" -> keyType = in.string("KeyType");
                    default -> in.skip();
                }
            }
            out.add(new Key(attribute, keyType));
        }
        return out;
    }

    static Throughput throughput(JsonIn in, String name) throws IOException {
        if (!in.object(name)) {
            return null;
        }
        Long read = null;
        Long write = null;
        while (in.nextField()) {
            switch (in.name()) {
                case "ReadCapacityUnits" -> read = in.longValue("ReadCapacityUnits");
                case "WriteCapacityUnits" -> write = in.longValue("WriteCapacityUnits");
                default -> in.skip();
            }
        }
        return new Throughput(read, write);
    }

    static RawProjection projection(JsonIn in, String name) throws IOException {
        if (!in.object(name)) {
            return null;
        }
        String type = null;
        List<String> nonKey = null;
        while (in.nextField()) {
            switch (in.name()) {
                case "ProjectionType" -> type = in.string("ProjectionType");
                case "NonKeyAttributes" -> nonKey = in.strings("NonKeyAttributes");
                default -> in.skip();
            }
        }
        return new RawProjection(type, nonKey);
    }

    static List<Index> indexes(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<Index> out = new ArrayList<>();
        while (nextStructure(in, name)) {
            out.add(index(in));
        }
        return out;
    }

    /** An index's members; the parser stands on its {@code START_OBJECT}. */
    static Index index(JsonIn in) throws IOException {
        String indexName = null;
        List<Key> keys = null;
        RawProjection projection = null;
        Throughput throughput = null;
        while (in.nextField()) {
            switch (in.name()) {
                case "IndexName" -> indexName = in.string("IndexName");
                case "KeySchema" -> keys = keySchema(in, "KeySchema");
                case "Projection" -> projection = projection(in, "Projection");
                case "ProvisionedThroughput" -> throughput = throughput(in, "ProvisionedThroughput");
                default -> in.skip();
            }
        }
        return new Index(indexName, keys, projection, throughput);
    }

    static List<Tag> tags(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<Tag> out = new ArrayList<>();
        while (nextStructure(in, name)) {
            String key = null;
            String value = null;
            while (in.nextField()) {
                switch (in.name()) {
                    case "Key" -> key = in.string("Key");
                    case "Value" -> value = in.string("Value");
                    default -> in.skip();
                }
            }
            out.add(new Tag(key, value));
        }
        return out;
    }

    /**
     * A {@code StreamSpecification}: read as leniently as DynamoDB reports it back ({@code StreamEnabled} counts
     * only as JSON {@code true}, {@code StreamViewType} only as a string); {@code null} when absent.
     */
    static StreamSpecification stream(JsonIn in, String name) throws IOException {
        if (!in.object(name)) {
            return null;
        }
        boolean enabled = false;
        String viewType = null;
        while (in.nextField()) {
            String member = in.name();
            if (member.equals("StreamEnabled")) {
                enabled = in.p.currentToken() == JsonToken.VALUE_TRUE;
            } else if (member.equals("StreamViewType")) {
                viewType = in.p.currentToken() == JsonToken.VALUE_STRING ? in.p.getText() : null;
            }
            in.skip();
        }
        return new StreamSpecification(enabled, viewType);
    }
}
