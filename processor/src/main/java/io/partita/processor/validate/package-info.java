/**
 * Phase 2: one {@link io.partita.processor.validate.Validator} per family of rules (docs/rules.md). Validators
 * read the model and add problems to a {@link io.partita.processor.diag.ValidationReport}; they never print and
 * never write files.
 */
package io.partita.processor.validate;
