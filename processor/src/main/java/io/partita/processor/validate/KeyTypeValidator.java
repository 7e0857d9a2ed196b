package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.TableModel;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Key attributes map to String, Number or Binary, and one attribute name has one key type across the
 * whole table (DynamoDB keeps one attribute definition per name; across the entities of a shared table
 * too, and an item whose non-key attribute of that name has another type would be rejected by the index).
 */
final class KeyTypeValidator implements Validator {

    /** A key attribute's type, and where it comes from ({@code rendered}: written by the table's templates). */
    private record KeyType(String dynamoType, Phrase.Text source, boolean rendered) {}

    @Override
    public void validate(TableModel table, ValidationReport report) {
        Set<FieldModel> invalid = new HashSet<>();
        Map<String, KeyType> keyTypes = renderedKeyTypes(table);
        Set<FieldModel> sources = new HashSet<>();
        keyFields(table, keyTypes, invalid, sources, report);
        // Non-key fields of other entities that reuse a key attribute name must carry the same type.
        if (!table.isShared()) {
            return;
        }
        nonKeyFields(table, keyTypes, invalid, sources, report);
    }

    /** A shared table's key attributes its templates render (strings), by attribute name; empty otherwise. */
    private static Map<String, KeyType> renderedKeyTypes(TableModel table) {
        Map<String, KeyType> keyTypes = new LinkedHashMap<>();
        if (table.isShared()) {
            String s = JavaType.Category.STRING.dynamoType();
            KeyType byKey = new KeyType(s, Phrase.RENDERED_BY_KEY_TEMPLATES.with(), true);
            KeyType byTemplates = new KeyType(s, Phrase.RENDERED_BY_TEMPLATES.with(), true);
            table.partitionAttribute().ifPresent(a -> keyTypes.put(a, byKey));
            table.sortAttribute().ifPresent(a -> keyTypes.put(a, byKey));
            for (IndexModel i : table.indexes()) {
                i.partitionAttribute().ifPresent(a -> keyTypes.putIfAbsent(a, byTemplates));
                i.sortAttribute().ifPresent(a -> keyTypes.putIfAbsent(a, byTemplates));
            }
        }
        return keyTypes;
    }

    /**
     * Each key field: a key type, and the same DynamoDB type as the other fields of its attribute. Records the
     * attribute's type and its first field ({@code sources}), and the fields already reported ({@code invalid}).
     */
    private static void keyFields(
            TableModel table,
            Map<String, KeyType> keyTypes,
            Set<FieldModel> invalid,
            Set<FieldModel> sources,
            ValidationReport report) {
        for (KeyUsages.FieldKeyUse use : KeyUsages.fieldKeyUses(table)) {
            FieldModel f = use.field();
            JavaType type = f.type();
            if (type.category() == JavaType.Category.ERROR || invalid.contains(f) || f.isConverted()) {
                continue; // a converted key field is ConvertedKeyField
            }
            if (!type.isKeyType()) {
                invalid.add(f);
                report.add(Rule.InvalidKeyType, use.origin(), f.describe(), type.display(), use.of(), fix(type));
                continue;
            }
            KeyType existing = keyTypes.get(f.attributeName());
            if (existing == null) {
                keyTypes.put(
                        f.attributeName(),
                        new KeyType(
                                type.category().dynamoType(),
                                Phrase.FIELD_OF.with(f.describe(), use.entity().simpleName()),
                                false));
                sources.add(f);
            } else if (existing.rendered()) {
                // nothing: a field named like a rendered attribute is DuplicateAttributeName
            } else if (!existing.dynamoType().equals(type.category().dynamoType()) && !sources.contains(f)) {
                invalid.add(f);
                report.add(
                        Rule.ConflictingKeyAttributeType,
                        use.origin(),
                        Phrase.FIELD_OF.with(f.describe(), use.entity().simpleName()),
                        f.attributeName(),
                        Phrase.TYPED.with(type.category().dynamoType(), type.display()),
                        f.attributeName(),
                        existing.dynamoType(),
                        table.name(),
                        existing.source());
            } else {
                sources.add(f);
            }
        }
    }

    /** Non-key fields named like a key attribute: the key attribute's type. */
    private static void nonKeyFields(
            TableModel table,
            Map<String, KeyType> keyTypes,
            Set<FieldModel> invalid,
            Set<FieldModel> sources,
            ValidationReport report) {
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.storedFields()) {
                KeyType existing = keyTypes.get(f.attributeName());
                if (existing == null
                        || sources.contains(f)
                        || invalid.contains(f)
                        || f.isAnyKey()
                        || f.type().category() == JavaType.Category.ERROR
                        || existing.rendered()) {
                    continue; // fields named like rendered attributes are DuplicateAttributeName
                }
                if (!existing.dynamoType().equals(f.type().category().dynamoType())) {
                    report.add(
                            Rule.ConflictingKeyAttributeType,
                            f.attribute().orElse(f.origin()),
                            Phrase.FIELD_OF.with(f.describe(), e.simpleName()),
                            f.attributeName(),
                            Phrase.TYPED.with(
                                    f.type().category().dynamoType(), f.type().display()),
                            f.attributeName(),
                            existing.dynamoType(),
                            table.name(),
                            existing.source());
                }
            }
        }
    }

    private static Phrase.Text fix(JavaType type) {
        return switch (type.category()) {
            case BOOLEAN -> Phrase.BOOLEAN_KEY_FIX.with();
            case COLLECTION, MAP -> Phrase.COLLECTION_KEY_FIX.with();
            default -> Phrase.NESTED_KEY_FIX.with();
        };
    }
}
