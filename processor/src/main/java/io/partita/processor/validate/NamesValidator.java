package io.partita.processor.validate;

import io.partita.processor.DesignLimits;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.TableModel;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Table and index names, attribute names, and two fields on one attribute. */
final class NamesValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        if (!DesignLimits.isValidName(table.name())) {
            report.add(Rule.InvalidTableName, table.origin(), table.name());
        }
        indexNames(table, report);
        similarIndexNames(table, report);
        Map<String, Phrase.Text> reserved = reservedAttributes(table);
        reserved.forEach((attr, use) -> {
            if (attr.length() > DesignLimits.MAX_KEY_ATTRIBUTE_NAME_LENGTH) {
                report.add(
                        Rule.InvalidAttributeName,
                        table.origin(),
                        abbreviate(attr),
                        use,
                        Phrase.KEY_NAME_LENGTH.with());
            }
        });
        if (table.isShared() && table.discriminator().isEmpty()) {
            report.add(
                    Rule.InvalidAttributeName,
                    table.origin().attribute("discriminator"),
                    "",
                    Phrase.THE_DISCRIMINATOR.with(),
                    Phrase.EMPTY_DISCRIMINATOR.with());
        }
        for (EntityModel e : table.entities()) {
            attributeNames(table, e, reserved, report);
        }
    }

    /** Each index name valid and used once in the table. */
    private static void indexNames(TableModel table, ValidationReport report) {
        Set<String> indexNames = new HashSet<>();
        for (IndexModel index : table.indexes()) {
            if (!DesignLimits.isValidName(index.name())) {
                report.add(Rule.InvalidIndexName, index.origin(), index.name());
            } else if (!indexNames.add(index.name())) {
                report.add(Rule.DuplicateIndexName, index.origin(), index.name(), table.name());
            }
        }
    }

    /** Index names that differ from another by case or a small edit: a typo splitting one index in two. */
    private static void similarIndexNames(TableModel table, ValidationReport report) {
        for (SimilarIndexNames.Typo t : SimilarIndexNames.of(table)) {
            report.add(
                    Rule.SimilarIndexName,
                    t.key().origin().attribute("index"),
                    Phrase.ANNOTATION_ON.with(
                            t.key().kind() == IndexKind.GSI ? "@GsiKey" : "@LsiKey",
                            t.field().describe()),
                    t.typo().name(),
                    t.intended().name(),
                    table.name(),
                    (t.caseOnly() ? Phrase.BY_CASE : Phrase.BY_A_SMALL_EDIT).with(),
                    t.intended().name(),
                    t.intended().declared()
                            ? Phrase.DECLARE_SECOND_INDEX.with(
                                    t.typo().kind().annotation(), t.typo().name())
                            : Phrase.DECLARE_BOTH_INDEXES.with(
                                    t.intended().kind().annotation(),
                                    t.intended().name(),
                                    t.typo().kind().annotation(),
                                    t.typo().name()));
        }
    }

    /** An entity's attribute names: not empty, key names not too long, one field per attribute and none reserved. */
    private static void attributeNames(
            TableModel table, EntityModel e, Map<String, Phrase.Text> reserved, ValidationReport report) {
        Map<String, FieldModel> byAttribute = new HashMap<>();
        for (FieldModel f : e.storedFields()) {
            var where = f.attribute().orElse(f.origin());
            if (f.attributeName().isEmpty()) {
                report.add(Rule.InvalidAttributeName, where, "", f.describe(), Phrase.EMPTY_ATTRIBUTE_NAME.with());
                continue;
            }
            if (f.isAnyKey() && f.attributeName().length() > DesignLimits.MAX_KEY_ATTRIBUTE_NAME_LENGTH) {
                report.add(
                        Rule.InvalidAttributeName,
                        where,
                        abbreviate(f.attributeName()),
                        f.describe(),
                        Phrase.KEY_NAME_TOO_LONG.with());
            }
            FieldModel first = byAttribute.putIfAbsent(f.attributeName(), f);
            if (first != null) {
                report.add(
                        Rule.DuplicateAttributeName,
                        where,
                        f.describe(),
                        f.attributeName(),
                        Phrase.ALSO_MAPS_TO.with(first.describe()));
            } else if (reserved.containsKey(f.attributeName())) {
                report.add(
                        Rule.DuplicateAttributeName,
                        where,
                        f.describe(),
                        f.attributeName(),
                        Phrase.TABLE_USES_FOR.with(table.name(), reserved.get(f.attributeName())));
            }
        }
    }

    /** Attributes a shared table writes itself (rendered keys, discriminator), with what they hold. */
    private static Map<String, Phrase.Text> reservedAttributes(TableModel table) {
        Map<String, Phrase.Text> reserved = new LinkedHashMap<>();
        if (!table.isShared()) {
            return reserved;
        }
        table.partitionAttribute().ifPresent(a -> reserved.put(a, Phrase.ITS_PARTITION_KEY.with()));
        table.sortAttribute().ifPresent(a -> reserved.put(a, Phrase.ITS_SORT_KEY.with()));
        for (IndexModel i : table.indexes()) {
            i.partitionAttribute().ifPresent(a -> reserved.putIfAbsent(a, Phrase.INDEX_PARTITION_KEY.with(i.name())));
            i.sortAttribute().ifPresent(a -> reserved.putIfAbsent(a, Phrase.INDEX_SORT_KEY.with(i.name())));
        }
        if (!table.discriminator().isEmpty()) {
            reserved.putIfAbsent(table.discriminator(), Phrase.DISCRIMINATOR_ATTRIBUTE.with());
        }
        return reserved;
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
