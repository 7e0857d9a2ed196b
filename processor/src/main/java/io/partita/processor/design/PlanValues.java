package io.partita.processor.design;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.partita.processor.model.TableModel;
import java.util.Iterator;
import java.util.Map;

/**
 * The {@code from} and {@code to} of a generated plan step: the fact the change is about, read from the baseline's
 * table and from the new design's facts (the same paths the comparison reads). Text values as they are (an entity's
 * former discriminator value is what the runtime recognises old items by), structured facts as compact JSON, absent
 * ones as null.
 */
final class PlanValues {
    private PlanValues() {}

    /** {@code [from, to]} of a step. */
    static String[] of(String change, String target, String declaredOn, JsonNode baseline, JsonNode now, TableModel t) {
        return new String[] {
            text(fact(change, target, declaredOn, baseline, t)), text(fact(change, target, declaredOn, now, t))
        };
    }

    private static JsonNode fact(String change, String target, String on, JsonNode table, TableModel t) {
        if (table == null || table.isMissingNode()) {
            return MissingNode.getInstance();
        }
        JsonNode entity = entity(table, on, t);
        return switch (change) {
            case "TABLE_KEY" -> table;
            case "INDEX_KEY" -> table.path("indexes").path(target);
            case "KEY_TEMPLATE" ->
                target.isEmpty() ? entity.path("key") : entity.path("indexKeys").path(target);
            case "DISCRIMINATOR" ->
                t.entities().stream().anyMatch(e -> e.qualifiedName().equals(on))
                        ? entity.path("type")
                        : table.path("discriminator");
            case "SCATTER" -> entity.path("scatter").path(target);
            case "ATTRIBUTE_TYPE" -> entity.path("attributes").path(target);
            default -> MissingNode.getInstance();
        };
    }

    /** The facts of the entity a step is declared on; the only entity when declared on a single-entity table. */
    private static JsonNode entity(JsonNode table, String on, TableModel t) {
        JsonNode entities = table.path("entities");
        if (entities.has(on)) {
            return entities.get(on);
        }
        if (!t.isShared()) {
            Iterator<Map.Entry<String, JsonNode>> it = entities.fields();
            if (it.hasNext()) {
                return it.next().getValue();
            }
        }
        return MissingNode.getInstance();
    }

    private static String text(JsonNode v) {
        if (v == null || v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (v.isObject() && v.has("partitionKey") && v.has("sortKey") && v.has("indexes")) {
            return "{\"partitionKey\":" + v.get("partitionKey") + ",\"sortKey\":" + v.get("sortKey") + "}";
        }
        return v.isTextual() ? v.asText() : v.toString();
    }
}
