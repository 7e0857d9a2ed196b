/**
 * Phase 2: one {@link io.partita.processor.validate.Validator} per family of RULES.md rules. Validators
 * read the model and add problems to a {@link io.partita.processor.diag.Report}; they never print and
 * never write files.
 */
package io.partita.processor.validate;
