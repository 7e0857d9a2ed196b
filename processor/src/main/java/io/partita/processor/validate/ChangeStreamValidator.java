package io.partita.processor.validate;

import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.StreamDeclaration;
import io.partita.processor.model.TableModel;

/**
 * {@code @ChangeStream}: a table has one stream with one view type, so every declaration on a shared table (its
 * interface and its entities) names the same {@code StreamView}; each one that differs from the first is reported.
 */
final class ChangeStreamValidator implements Validator {
    @Override
    public void validate(TableModel table, ValidationReport report) {
        if (table.streams().isEmpty()) {
            return;
        }
        StreamDeclaration first = table.streams().get(0);
        for (StreamDeclaration d : table.streams().subList(1, table.streams().size())) {
            if (!d.view().equals(first.view())) {
                report.add(
                        Rule.ConflictingChangeStreams,
                        d.origin(),
                        d.view(),
                        d.declaringType(),
                        first.view(),
                        first.declaringType(),
                        table.name());
            }
        }
    }
}
