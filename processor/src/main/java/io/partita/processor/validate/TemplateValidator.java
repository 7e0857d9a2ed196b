package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.KeyTemplate.Format;
import io.partita.processor.model.KeyTemplate.Placeholder;
import io.partita.processor.model.TableModel;
import java.util.List;
import java.util.Optional;

/**
 * Key templates: syntax, placeholders naming stored scalar fields, and order-preserving encodings.
 *
 * <p>The ordering rule: the generated staged builder lets any part of a sort-key template be the last
 * supplied part and take a range condition ({@code lt/le/gt/ge/between}), rendered as a comparison of
 * the rendered text. So every placeholder of a sort-key template must render text that sorts like its
 * value: strings, enums (compared by name), UUIDs, booleans, binary (hex) and the fixed-precision
 * ISO-8601 java.time types do; numbers only with {@code {field:sortable}} (fixed width, sign-aware);
 * BigDecimal, BigInteger, Duration, Period and zone ids never do. Partition-key templates are only ever
 * compared for equality and may render anything scalar.
 */
final class TemplateValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        for (EntityModel e : table.entities()) {
            for (KeyUsages.TemplateUse use : KeyUsages.templates(e)) {
                check(use.template(), use.sortKey(), e, report);
            }
        }
    }

    private static void check(KeyTemplate t, boolean sortKey, EntityModel e, ValidationReport report) {
        if (t.syntaxError().isPresent()) {
            report.add(
                    Rule.InvalidTemplate,
                    t.origin(),
                    t.source(),
                    t.syntaxError().get());
            return;
        }
        for (Placeholder p : t.placeholders()) {
            Optional<FieldModel> field = e.storedField(p.field());
            if (field.isEmpty()) {
                List<String> names =
                        e.storedFields().stream().map(FieldModel::name).toList();
                String list = String.join(", ", names);
                report.add(
                        Rule.UnknownPlaceholder,
                        t.origin(),
                        t.source(),
                        p.field(),
                        e.simpleName(),
                        p.field(),
                        Suggest.closest(p.field(), names)
                                .map(s -> Phrase.PLACEHOLDER_DID_YOU_MEAN.with(s, list))
                                .orElseGet(() -> Phrase.PLACEHOLDER_ONE_OF.with(list)));
                continue;
            }
            JavaType type = field.get().type();
            if (type.category() == JavaType.Category.ERROR) {
                continue;
            }
            if (!type.isScalar()) {
                report.add(Rule.NonScalarPlaceholder, t.origin(), t.source(), p.field(), type.display());
            } else if (p.format() == Format.SORTABLE && !type.sortableFormat()) {
                report.add(
                        Rule.InvalidTemplate,
                        t.origin(),
                        t.source(),
                        type.textSortsLikeValue()
                                ? Phrase.SORTABLE_NOT_NEEDED.with(p.field(), p.field(), type.display(), p.field())
                                : Phrase.SORTABLE_NOT_APPLICABLE.with(p.field(), p.field(), type.display()));
            } else if (sortKey && p.format() == Format.DEFAULT && !type.textSortsLikeValue()) {
                report.add(
                        Rule.UnorderedTemplatePart,
                        t.origin(),
                        t.source(),
                        p.field(),
                        type.display(),
                        type.sortableFormat()
                                ? Phrase.WRITE_SORTABLE.with(p.field())
                                : Phrase.NO_ORDERED_TEXT_FORM.with(type.display()));
            }
        }
    }
}
