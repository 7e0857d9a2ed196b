package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.TableModel;
import java.util.List;
import java.util.Set;

/**
 * {@code @Ttl}: a stored field holding an Instant or epoch seconds in an integral type (DynamoDB reads a Number of
 * epoch seconds), one per entity, never a key attribute, and one time-to-live attribute per table (entities of a shared table that have one
 * agree on its name).
 */
final class TtlValidator implements Validator {
    /** The types whose stored form is a Number of epoch seconds. */
    private static final Set<String> TYPES =
            Set.of("java.time.Instant", "long", "java.lang.Long", "int", "java.lang.Integer");

    @Override
    public void validate(TableModel table, ValidationReport report) {
        FieldModel tableField = null;
        EntityModel tableEntity = null;
        for (EntityModel e : table.entities()) {
            List<String> baseKeyFields = KeyUsages.baseKeyFieldNames(table, e);
            FieldModel first = null;
            for (FieldModel f : e.fields()) {
                if (f.ttl().isEmpty()) {
                    continue;
                }
                var origin = f.ttl().get();
                if (first != null) {
                    report.add(Rule.MultipleTtls, origin, f.describe(), e.simpleName(), first.describe());
                    continue;
                }
                first = f;
                if (!f.stored()) {
                    report.add(Rule.UnstoredTtl, origin, f.describe());
                    continue;
                }
                if (f.isConverted() || !TYPES.contains(f.type().qualifiedName())) {
                    report.add(Rule.TtlType, origin, f.describe(), f.type().display());
                }
                if (f.isBaseKey() || baseKeyFields.contains(f.name())) {
                    report.add(Rule.TtlKeyAttribute, origin, f.describe(), Phrase.A_BASE_TABLE_KEY.with());
                } else if (f.isAnyKey()) {
                    report.add(Rule.TtlKeyAttribute, origin, f.describe(), Phrase.AN_INDEX_KEY.with());
                }
                if (tableField == null) {
                    tableField = f;
                    tableEntity = e;
                } else if (!tableField.attributeName().equals(f.attributeName())) {
                    report.add(
                            Rule.ConflictingTtlAttributes,
                            origin,
                            f.describe(),
                            e.simpleName(),
                            f.attributeName(),
                            tableField.describe(),
                            tableEntity.simpleName(),
                            tableField.attributeName(),
                            table.name());
                }
            }
        }
    }
}
