package io.partita.processor.design;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.processor.diag.Phrase;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.Origin;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TemplateIndexKey;
import io.partita.processor.validate.Suggest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Compares one entity kept since the baseline: its discriminator value, key templates, scatter layouts and stored
 * attributes (renamed, retyped, removed).
 */
final class EntityComparison {
    private final EntityModel entity;
    private final JsonNode old;
    private final JsonNode now;
    private final Changes changes;
    private final Declarations declarations;

    EntityComparison(EntityModel entity, JsonNode old, JsonNode now, Changes changes, Declarations declarations) {
        this.entity = entity;
        this.old = old;
        this.now = now;
        this.changes = changes;
        this.declarations = declarations;
    }

    void compare() {
        String name = entity.qualifiedName();
        if (!old.path("type").equals(now.path("type"))) {
            changes.incompatible(
                    "DISCRIMINATOR",
                    "",
                    entity.origin().attribute("type"),
                    name,
                    Phrase.DESIGN_ENTITY_TYPE.with(name),
                    old.path("type"),
                    now.path("type"),
                    Phrase.STRANDS_DISCRIMINATOR.with());
        }
        if (!old.path("key").equals(now.path("key"))) {
            changes.incompatible(
                    "KEY_TEMPLATE",
                    "",
                    entity.key().map(k -> k.origin()).orElse(entity.origin()),
                    name,
                    Phrase.DESIGN_KEY_TEMPLATES.with(name),
                    old.path("key"),
                    now.path("key"),
                    Phrase.STRANDS_TEMPLATE.with());
        }
        indexTemplates();
        scatters();
        attributes();
    }

    private void indexTemplates() {
        JsonNode newKeys = now.path("indexKeys");
        for (Iterator<Map.Entry<String, JsonNode>> it = old.path("indexKeys").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String index = e.getKey();
            if (newKeys.has(index) && !newKeys.get(index).equals(e.getValue())) {
                changes.incompatible(
                        "KEY_TEMPLATE",
                        index,
                        entity.templateKey(index).map(TemplateIndexKey::origin).orElse(entity.origin()),
                        entity.qualifiedName(),
                        Phrase.DESIGN_INDEX_TEMPLATES.with(entity.qualifiedName(), index),
                        e.getValue(),
                        newKeys.get(index),
                        Phrase.STRANDS_TEMPLATE.with());
            }
        }
    }

    private void scatters() {
        TreeSet<String> indexes = new TreeSet<>();
        old.path("scatter").fieldNames().forEachRemaining(indexes::add);
        now.path("scatter").fieldNames().forEachRemaining(indexes::add);
        for (String index : indexes) {
            JsonNode before = old.path("scatter").path(index);
            JsonNode after = now.path("scatter").path(index);
            if (!before.equals(after)) {
                changes.incompatible(
                        "SCATTER",
                        index,
                        entity.scatter(index).map(ScatterModel::origin).orElse(entity.origin()),
                        entity.qualifiedName(),
                        Phrase.DESIGN_SCATTER.with(entity.qualifiedName(), index),
                        before,
                        after,
                        Phrase.STRANDS_SCATTER.with());
            }
        }
    }

    private void attributes() {
        JsonNode before = old.path("attributes");
        JsonNode after = now.path("attributes");
        List<String> added = new ArrayList<>();
        after.fieldNames().forEachRemaining(a -> {
            if (!before.has(a)) {
                added.add(a);
            }
        });
        for (Iterator<Map.Entry<String, JsonNode>> it = before.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String attribute = e.getKey();
            if (after.has(attribute)) {
                retyped(attribute, e.getValue(), after.get(attribute));
            } else {
                vanished(attribute, e.getValue().path("field").asText(), added);
            }
        }
    }

    private void retyped(String attribute, JsonNode before, JsonNode after) {
        JsonNode oldForm = before.deepCopy();
        JsonNode newForm = after.deepCopy();
        ((ObjectNode) oldForm).remove("field");
        ((ObjectNode) newForm).remove("field");
        Optional<FieldModel> field = field(after.path("field").asText());
        if (oldForm.equals(newForm) || field.filter(FieldModel::isAnyKey).isPresent()) {
            return; // a key attribute's type is part of the table's or index's key schema, compared there
        }
        changes.incompatible(
                "ATTRIBUTE_TYPE",
                attribute,
                field.map(EntityComparison::at).orElse(entity.origin()),
                entity.qualifiedName(),
                Phrase.DESIGN_ATTRIBUTE_TYPE.with(attribute, entity.qualifiedName()),
                oldForm,
                newForm,
                Phrase.MISREADS_ATTRIBUTE.with());
    }

    /** A baseline attribute no field stores under that name any more: renamed, declared, or removed. */
    private void vanished(String attribute, String oldField, List<String> added) {
        if (declarations.renamedFrom(entity, attribute).isPresent()) {
            return; // @Attribute(formerly) declares it; the step is recorded with the design
        }
        Optional<FieldModel> same = field(oldField);
        if (same.isPresent()) {
            FieldModel f = same.get();
            changes.undeclaredRename(
                    at(f),
                    Phrase.DESIGN_ATTRIBUTE_NAME.with(f.name(), entity.qualifiedName()),
                    attribute,
                    f.attributeName(),
                    Phrase.FORMERLY_FIX.with(f.attributeName(), attribute, f.name(), entity.simpleName()));
            return;
        }
        Object didYouMean = Suggest.closest(attribute, added)
                .map(n -> (Object) Phrase.DID_YOU_MEAN_RENAME.with(
                        n,
                        attribute,
                        now.path("attributes").path(n).path("field").asText()))
                .orElse("");
        changes.removed(
                attribute,
                entity.origin(),
                entity.qualifiedName(),
                Phrase.REMOVED_ATTRIBUTE.with(attribute, entity.qualifiedName()),
                didYouMean);
    }

    private Optional<FieldModel> field(String name) {
        return entity.storedFields().stream().filter(f -> f.name().equals(name)).findFirst();
    }

    private static Origin at(FieldModel f) {
        return f.attribute().orElse(f.origin());
    }
}
