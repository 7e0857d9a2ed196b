package io.partita.processor.validate;

import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.TableModel;

/**
 * One family of rules (a section of docs/rules.md). Reads the model, adds problems to the report; never prints, never
 * writes files, never touches {@code Element}s beyond the {@code Origin}s it passes on.
 *
 * <p>Validators run in a fixed order and avoid cascades: a validator that depends on something an
 * earlier rule rejects (a malformed template, a missing key) skips it instead of reporting again, so a
 * user sees one error per problem.
 */
public interface Validator {
    void validate(TableModel table, ValidationReport report);
}
