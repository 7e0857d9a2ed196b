package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.Origin;
import io.partita.processor.model.Role;
import io.partita.processor.model.TableModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Derived views over the model shared by several validators. */
final class KeyUsages {
    private KeyUsages() {}

    /** A field used as a key attribute, and where. */
    record FieldKeyUse(EntityModel entity, FieldModel field, Phrase.Text of, Origin origin) {}

    /** Every field-level key use of a table: base keys (single-entity tables) and index keys. */
    static List<FieldKeyUse> fieldKeyUses(TableModel table) {
        List<FieldKeyUse> uses = new ArrayList<>();
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.fields()) {
                if (!table.isShared()) {
                    f.partitionKey()
                            .ifPresent(o -> uses.add(new FieldKeyUse(e, f, Phrase.TABLE.with(table.name()), o)));
                    f.sortKey().ifPresent(o -> uses.add(new FieldKeyUse(e, f, Phrase.TABLE.with(table.name()), o)));
                }
                f.indexKeys().forEach(k -> uses.add(new FieldKeyUse(e, f, Phrase.INDEX.with(k.index()), k.origin())));
            }
        }
        return uses;
    }

    /** The fields placed in an entity's base key (single: annotated fields; shared: @Key placeholders). */
    static List<String> baseKeyFieldNames(TableModel table, EntityModel e) {
        List<String> names = new ArrayList<>();
        if (!table.isShared()) {
            e.fields().stream().filter(FieldModel::isBaseKey).forEach(f -> names.add(f.name()));
        } else {
            e.key().ifPresent(k -> {
                k.partition().placeholders().forEach(p -> names.add(p.field()));
                k.sort().ifPresent(s -> s.placeholders().forEach(p -> names.add(p.field())));
            });
        }
        return names;
    }

    /** The attribute names of a table's primary key. */
    static List<String> tableKeyAttributes(TableModel table) {
        List<String> attrs = new ArrayList<>();
        if (table.isShared()) {
            table.partitionAttribute().ifPresent(attrs::add);
            table.sortAttribute().ifPresent(attrs::add);
        } else {
            table.entities()
                    .forEach(e -> e.fields().stream()
                            .filter(FieldModel::isBaseKey)
                            .forEach(f -> attrs.add(f.attributeName())));
        }
        return attrs;
    }

    /** The attribute names of an index's own key. */
    static List<String> indexKeyAttributes(TableModel table, IndexModel index) {
        List<String> attrs = new ArrayList<>();
        index.partitionAttribute().ifPresent(attrs::add);
        index.sortAttribute().ifPresent(attrs::add);
        for (EntityModel e : table.entities()) {
            for (Role r : Role.values()) {
                e.fieldKeyParts(index.name(), r)
                        .forEach(p -> attrs.add(p.field().attributeName()));
            }
            if (index.kind() == IndexKind.GSI) {
                e.scatter(index.name())
                        .filter(s ->
                                e.fieldKeyParts(index.name(), Role.PARTITION).isEmpty())
                        .ifPresent(s -> attrs.add(s.shardAttribute()));
            }
        }
        return attrs;
    }

    /** All templates of an entity with whether range conditions are generated over them (sort keys). */
    record TemplateUse(KeyTemplate template, boolean sortKey) {}

    static List<TemplateUse> templates(EntityModel e) {
        List<TemplateUse> out = new ArrayList<>();
        e.key().ifPresent(k -> {
            out.add(new TemplateUse(k.partition(), false));
            k.sort().ifPresent(s -> out.add(new TemplateUse(s, true)));
        });
        e.templateIndexKeys().forEach(k -> {
            k.partition().ifPresent(t -> out.add(new TemplateUse(t, false)));
            k.sort().ifPresent(t -> out.add(new TemplateUse(t, true)));
        });
        return out;
    }

    /** Whether every placeholder of a valid template names a stored scalar field (so it can be analysed). */
    static boolean resolves(KeyTemplate t, EntityModel e) {
        return t.isValid()
                && t.placeholders().stream()
                        .allMatch(p -> e.storedField(p.field())
                                .map(f -> f.type().isScalar())
                                .orElse(false));
    }

    /** A value with few distinct values: a boolean or an enum with at most the configured constants. */
    static boolean isLowCardinality(JavaType type) {
        return type.category() == JavaType.Category.BOOLEAN
                || (type.isEnum()
                        && type.enumConstants() <= io.partita.processor.DesignLimits.LOW_CARDINALITY_ENUM_CONSTANTS);
    }

    static Object cardinality(FieldModel f) {
        return f.type().isEnum()
                ? Phrase.ENUM_WITH_CONSTANTS.with(f.type().display(), f.type().enumConstants())
                : f.type().display();
    }

    static Optional<FieldModel> field(EntityModel e, String name) {
        return e.storedField(name);
    }
}
