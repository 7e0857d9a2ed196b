/**
 * The immutable model of a key design, extracted from source once and read by validators and (later)
 * generators. It records what the user declared, including invalid declarations, so that validators can
 * judge it; nothing here reports diagnostics or writes files. Where the model records why a declaration cannot
 * work (a malformed template, an entity that cannot be constructed, an unusable converter), it holds a
 * {@link io.partita.processor.diag.Phrase.Text}: the reason's words stay in the catalogue.
 *
 * <p>{@link io.partita.processor.model.Origin} is the only link back to {@code javax.lang.model}: validators
 * use it to point diagnostics at the offending annotation value, generators use it only as the
 * originating element of a generated file.
 */
package io.partita.processor.model;
