package io.partita.wire;

import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry of a legacy parameter map, as read from the wire: a {@code Condition} ({@code KeyConditions},
 * {@code QueryFilter}, {@code ScanFilter}), an {@code ExpectedAttributeValue} ({@code Expected}) or an
 * {@code AttributeValueUpdate} ({@code AttributeUpdates}). Members a kind does not have are not read.
 */
record LegacyEntry(
        String comparisonOperator,
        List<AttributeValue> attributeValueList,
        Boolean exists,
        AttributeValue value,
        String action) {

    /** Which structure the entries are, which names their type errors and the members read. */
    enum Kind {
        CONDITION("Condition"),
        EXPECTED("ExpectedAttributeValue"),
        UPDATE("AttributeValueUpdate");

        final String structure;

        Kind(String structure) {
            this.structure = structure;
        }
    }

    /** The legacy map the parser stands on, by attribute name; {@code null} when absent. */
    static Map<String, LegacyEntry> readMap(JsonIn in, String member, Kind kind) throws IOException {
        if (!in.object(member)) {
            return null;
        }
        return in.forEachMember(
                new LinkedHashMap<>(),
                switch (kind) {
                    case CONDITION -> LegacyEntry::condition;
                    case EXPECTED -> LegacyEntry::expected;
                    case UPDATE -> LegacyEntry::update;
                });
    }

    private static void condition(Map<String, LegacyEntry> out, JsonIn in, String attribute) throws IOException {
        entry(out, in, attribute, Kind.CONDITION);
    }

    private static void expected(Map<String, LegacyEntry> out, JsonIn in, String attribute) throws IOException {
        entry(out, in, attribute, Kind.EXPECTED);
    }

    private static void update(Map<String, LegacyEntry> out, JsonIn in, String attribute) throws IOException {
        entry(out, in, attribute, Kind.UPDATE);
    }

    /** One entry of a legacy map: the attribute's name and its structure. */
    private static void entry(Map<String, LegacyEntry> out, JsonIn in, String attribute, Kind kind) throws IOException {
        if (!in.object(kind.structure)) {
            throw WireException.serialization("Unexpected value type for " + kind.structure + ": expected a structure");
        }
        out.put(attribute, read(in, kind));
    }

    private static LegacyEntry read(JsonIn in, Kind kind) throws IOException {
        String op = null;
        List<AttributeValue> list = null;
        Boolean exists = null;
        AttributeValue value = null;
        String action = null;
        while (in.nextField()) {
            String name = in.name();
            if (kind != Kind.UPDATE && name.equals("ComparisonOperator")) {
                op = in.string(name);
            } else if (kind != Kind.UPDATE && name.equals("AttributeValueList")) {
                list = values(in, name);
            } else if (kind == Kind.EXPECTED && name.equals("Exists")) {
                exists = in.bool(name);
            } else if (kind != Kind.CONDITION && name.equals("Value")) {
                value = in.isNull() ? null : AttributeValues.read(in.p);
            } else if (kind == Kind.UPDATE && name.equals("Action")) {
                action = in.string(name);
            } else {
                in.skip();
            }
        }
        return new LegacyEntry(op, list, exists, value, action);
    }

    private static List<AttributeValue> values(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<AttributeValue> out = new ArrayList<>();
        while (in.nextElement()) {
            out.add(AttributeValues.read(in.p));
        }
        return out;
    }
}
