package io.partita.processor.validate;

import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.ConverterModel;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.TableModel;

/**
 * {@code @Convert}: the converter class can store the field ({@code InvalidConverter}, the facts come from
 * extraction), and a converted field is not a key attribute ({@code ConvertedKeyField}).
 */
final class ConverterValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.fields()) {
                if (f.converter().isEmpty()) {
                    continue;
                }
                ConverterModel c = f.converter().get();
                String simple = c.className().substring(c.className().lastIndexOf('.') + 1);
                c.problem()
                        .ifPresent(why -> report.add(
                                Rule.InvalidConverter, c.origin(), simple, f.describe(), e.simpleName(), why));
                KeyUsages.fieldKeyUses(table).stream()
                        .filter(u -> u.field() == f)
                        .findFirst()
                        .ifPresent(u -> report.add(
                                Rule.ConvertedKeyField, u.origin(), f.describe(), e.simpleName(), simple, u.of()));
            }
        }
    }
}
