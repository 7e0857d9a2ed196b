package io.partita.processor.design;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.processor.diag.Phrase;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.Origin;
import io.partita.processor.model.TableModel;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Compares one table's design with its baseline: the key schema, the discriminator attribute, indexes (added,
 * removed, re-keyed, re-projected), time to live, and removed entities; each kept entity goes to
 * {@link EntityComparison}.
 */
final class TableComparison {
    private final TableModel table;
    private final JsonNode old;
    private final JsonNode now;
    private final Changes changes;
    private final Declarations declarations;

    TableComparison(TableModel table, JsonNode old, JsonNode now, Changes changes, Declarations declarations) {
        this.table = table;
        this.old = old;
        this.now = now;
        this.changes = changes;
        this.declarations = declarations;
    }

    void compare() {
        JsonNode oldKey = keySchema(old);
        JsonNode newKey = keySchema(now);
        if (!oldKey.equals(newKey)) {
            changes.incompatible(
                    "TABLE_KEY",
                    "",
                    table.origin(),
                    table.declaringType(),
                    Phrase.DESIGN_TABLE_KEY.with(table.name()),
                    oldKey,
                    newKey,
                    Phrase.STRANDS_TABLE_KEY.with());
        }
        if (!old.path("discriminator").equals(now.path("discriminator"))) {
            changes.incompatible(
                    "DISCRIMINATOR",
                    "",
                    table.origin(),
                    table.declaringType(),
                    Phrase.DESIGN_DISCRIMINATOR_ATTRIBUTE.with(table.name()),
                    old.path("discriminator"),
                    now.path("discriminator"),
                    Phrase.STRANDS_DISCRIMINATOR.with());
        }
        indexes();
        timeToLive();
        stream();
        entities();
    }

    private void indexes() {
        JsonNode oldIndexes = old.path("indexes");
        JsonNode newIndexes = now.path("indexes");
        for (Iterator<Map.Entry<String, JsonNode>> it = oldIndexes.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!newIndexes.has(e.getKey())) {
                changes.removed(
                        e.getKey(),
                        table.origin(),
                        table.declaringType(),
                        Phrase.REMOVED_INDEX.with(e.getKey(), table.name()),
                        "");
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = newIndexes.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            JsonNode index = e.getValue();
            Origin at = table.index(name).map(IndexModel::origin).orElse(table.origin());
            JsonNode before = oldIndexes.path(name);
            if (before.isMissingNode()) {
                added(name, index, at);
                continue;
            }
            JsonNode oldKey = indexKey(before);
            JsonNode newKey = indexKey(index);
            if (!oldKey.equals(newKey) || !before.path("kind").equals(index.path("kind"))) {
                changes.incompatible(
                        "INDEX_KEY",
                        name,
                        at,
                        table.declaringType(),
                        Phrase.DESIGN_INDEX_KEY.with(name, table.name()),
                        oldKey,
                        newKey,
                        Phrase.STRANDS_INDEX_KEY.with());
            }
            JsonNode oldProjection = projection(before);
            JsonNode newProjection = projection(index);
            if (!oldProjection.equals(newProjection)) {
                changes.deployment(
                        at,
                        Phrase.CHANGED_PROJECTION.with(
                                name, table.name(), Changes.render(oldProjection), Changes.render(newProjection)),
                        Phrase.STEP_RECREATE_GSI.with());
            }
        }
    }

    private void added(String name, JsonNode index, Origin at) {
        if ("LSI".equals(index.path("kind").asText())) {
            changes.incompatible(
                    "INDEX_KEY",
                    name,
                    at,
                    table.declaringType(),
                    Phrase.DESIGN_INDEX_KEY.with(name, table.name()),
                    JsonNodeFactory.instance.nullNode(),
                    indexKey(index),
                    Phrase.STRANDS_LSI_ADDED.with());
            return;
        }
        Phrase subject = index.path("sparse").asBoolean() ? Phrase.ADDED_SPARSE_GSI : Phrase.ADDED_GSI;
        changes.deployment(at, subject.with(name, table.name()), Phrase.STEP_CREATE_GSI.with());
    }

    private void timeToLive() {
        JsonNode before = old.path("timeToLive");
        JsonNode after = now.path("timeToLive");
        if (!before.equals(after)) {
            changes.deployment(
                    table.origin(),
                    Phrase.CHANGED_TTL.with(table.name(), Changes.render(before), Changes.render(after)),
                    Phrase.STEP_UPDATE_TTL.with(table.name(), table.name()));
        }
    }

    private void stream() {
        JsonNode before = old.path("stream");
        JsonNode after = now.path("stream");
        if (!before.equals(after) && !(before.isMissingNode() && after.isNull())) {
            changes.deployment(
                    table.origin(),
                    Phrase.CHANGED_STREAM.with(table.name(), Changes.render(before), Changes.render(after)),
                    Phrase.STEP_UPDATE_STREAM.with(table.name()));
        }
    }

    private void entities() {
        JsonNode newEntities = now.path("entities");
        for (Iterator<Map.Entry<String, JsonNode>> it = old.path("entities").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Optional<EntityModel> entity = table.entities().stream()
                    .filter(m -> m.qualifiedName().equals(e.getKey()))
                    .findFirst();
            if (entity.isEmpty() || !newEntities.has(e.getKey())) {
                changes.removed(
                        e.getKey(),
                        table.origin(),
                        table.declaringType(),
                        Phrase.REMOVED_ENTITY.with(e.getKey(), table.name()),
                        "");
            } else {
                new EntityComparison(entity.get(), e.getValue(), newEntities.get(e.getKey()), changes, declarations)
                        .compare();
            }
        }
    }

    private static JsonNode keySchema(JsonNode table) {
        ObjectNode key = JsonNodeFactory.instance.objectNode();
        key.set("partitionKey", table.path("partitionKey"));
        key.set("sortKey", table.path("sortKey"));
        return key;
    }

    private static JsonNode indexKey(JsonNode index) {
        ObjectNode key = JsonNodeFactory.instance.objectNode();
        key.set("partitionKey", index.path("partitionKey"));
        key.set("sortKey", index.path("sortKey"));
        return key;
    }

    private static JsonNode projection(JsonNode index) {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.set("projection", index.path("projection"));
        p.set("include", index.path("include"));
        return p;
    }
}
