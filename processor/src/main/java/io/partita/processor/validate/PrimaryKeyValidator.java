package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.KeyDeclaration;
import io.partita.processor.model.Origin;
import io.partita.processor.model.TableModel;
import java.util.List;

/** Exactly one partition key, at most one sort key, never both on one field; @Key fits its table. */
final class PrimaryKeyValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        if (table.isShared()) {
            shared(table, report);
        } else {
            table.entities().forEach(e -> single(table, e, report));
        }
    }

    private static void single(TableModel table, EntityModel e, ValidationReport report) {
        List<FieldModel> pks = e.partitionKeyFields();
        List<FieldModel> sks = e.sortKeyFields();
        if (pks.isEmpty() && e.key().isEmpty()) { // a misplaced @Key is reported as such
            report.add(
                    Rule.MissingPartitionKey,
                    e.origin(),
                    Phrase.TABLE_OF_ENTITY.with(table.name(), e.simpleName()),
                    Phrase.ANNOTATE_ONE_PARTITION_KEY.with(e.simpleName()));
        }
        for (int i = 1; i < pks.size(); i++) {
            report.add(
                    Rule.MultiplePartitionKeys,
                    pks.get(i).partitionKey().get(),
                    pks.get(i).describe(),
                    e.simpleName(),
                    pks.get(0).describe());
        }
        for (int i = 1; i < sks.size(); i++) {
            report.add(
                    Rule.MultipleSortKeys,
                    sks.get(i).sortKey().get(),
                    sks.get(i).describe(),
                    e.simpleName(),
                    sks.get(0).describe());
        }
        for (FieldModel f : e.fields()) {
            if (f.partitionKey().isPresent() && f.sortKey().isPresent()) {
                report.add(Rule.PartitionAndSortKey, f.sortKey().get(), f.describe());
            }
        }
    }

    private static void shared(TableModel table, ValidationReport report) {
        if (table.partitionAttribute().isEmpty()) {
            report.add(
                    Rule.MissingPartitionKey,
                    table.origin(),
                    Phrase.SHARED_TABLE.with(table.name()),
                    Phrase.NAME_SHARED_PARTITION_KEY.with(table.name()));
            return;
        }
        for (EntityModel e : table.entities()) {
            if (e.key().isEmpty()) {
                if (e.partitionKeyFields().isEmpty() && e.sortKeyFields().isEmpty()) {
                    report.add(
                            Rule.MissingPartitionKey,
                            e.origin(),
                            Phrase.ENTITY.with(e.simpleName()),
                            (table.sortAttribute().isPresent()
                                            ? Phrase.RENDER_PRIMARY_KEY
                                            : Phrase.RENDER_PARTITION_KEY)
                                    .with(e.simpleName().toUpperCase(java.util.Locale.ROOT)));
                }
                continue;
            }
            KeyDeclaration key = e.key().get();
            if (table.sortAttribute().isPresent() && key.sort().isEmpty()) {
                report.add(
                        Rule.KeyTemplateMismatch,
                        key.origin(),
                        e.simpleName(),
                        Phrase.KEY_WITHOUT_SORT_TEMPLATE.with(
                                table.name(), table.sortAttribute().get()));
            } else if (table.sortAttribute().isEmpty() && key.sort().isPresent()) {
                Origin where = key.sort().get().origin();
                report.add(
                        Rule.KeyTemplateMismatch,
                        where,
                        e.simpleName(),
                        Phrase.KEY_WITH_SORT_TEMPLATE.with(table.name()));
            }
        }
    }
}
