package io.partita.processor.validate;

import io.partita.processor.DesignLimits;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.ProjectionKind;
import io.partita.processor.model.TableModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** INCLUDE lists name existing non-key attributes, only INCLUDE takes one, at most 100 per table. */
final class ProjectionValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        Set<String> attributes = new LinkedHashSet<>();
        for (EntityModel e : table.entities()) {
            e.storedFields().stream().map(FieldModel::attributeName).forEach(attributes::add);
        }
        if (table.isShared()) {
            attributes.add(table.discriminator());
        }
        List<String> tableKeys = KeyUsages.tableKeyAttributes(table);
        int total = 0;
        boolean totalReported = false;
        for (IndexModel index : table.indexes()) {
            if (!table.isFirstOfItsName(index)) {
                continue;
            }
            if (!index.declared()) {
                continue;
            }
            if (index.projection() != ProjectionKind.INCLUDE) {
                if (!index.include().isEmpty()) {
                    report.add(
                            Rule.IncludeListNotAllowed,
                            index.origin().attribute("include"),
                            index.describe(),
                            index.projection());
                }
                continue;
            }
            if (index.include().isEmpty()) {
                report.add(Rule.IncludeListMissing, index.origin().attribute("projection"), index.describe());
                continue;
            }
            includedAttributes(table, index, tableKeys, attributes, report);
            total += index.include().size();
            if (total > DesignLimits.MAX_INCLUDE_ATTRIBUTES && !totalReported) {
                totalReported = true;
                report.add(
                        Rule.TooManyIncludeAttributes,
                        index.origin().attribute("include"),
                        table.name(),
                        total,
                        DesignLimits.MAX_INCLUDE_ATTRIBUTES);
            }
        }
    }

    /** Each attribute an INCLUDE projection lists: neither a key attribute nor unknown to the table's entities. */
    private static void includedAttributes(
            TableModel table,
            IndexModel index,
            List<String> tableKeys,
            Set<String> attributes,
            ValidationReport report) {
        List<String> keys = new ArrayList<>(tableKeys);
        keys.addAll(KeyUsages.indexKeyAttributes(table, index));
        List<String> nonKey = attributes.stream().filter(a -> !keys.contains(a)).toList();
        for (IndexModel.Included inc : index.include()) {
            if (keys.contains(inc.attribute())) {
                report.add(Rule.IncludeKeyAttribute, inc.origin(), index.describe(), inc.attribute());
            } else if (!attributes.contains(inc.attribute())) {
                report.add(
                        Rule.IncludeUnknownAttribute,
                        inc.origin(),
                        index.describe(),
                        inc.attribute(),
                        table.isShared()
                                ? Phrase.ANY_ENTITY_OF_TABLE.with(table.name())
                                : table.entities().get(0).simpleName(),
                        includeFix(table, inc.attribute(), nonKey));
            }
        }
    }

    /** Which stored name to include: the field's, a near miss, or the list. */
    private static Phrase.Text includeFix(TableModel table, String included, List<String> nonKey) {
        Object list = nonKey.isEmpty() ? Phrase.NONE.with() : String.join(", ", nonKey);
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.storedFields()) {
                if (f.name().equals(included)) {
                    return Phrase.INCLUDE_STORED_NAME_OF_FIELD.with(included, f.attributeName(), f.attributeName());
                }
            }
        }
        return Suggest.closest(included, nonKey)
                .map(s -> Phrase.INCLUDE_DID_YOU_MEAN.with(s, list))
                .orElseGet(() -> Phrase.INCLUDE_STORED_NAMES.with(list));
    }
}
