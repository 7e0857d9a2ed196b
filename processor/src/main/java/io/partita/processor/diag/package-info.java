/**
 * The message catalogue ({@link io.partita.processor.diag.Message}, whose constant names are the stable
 * rule ids), the per-table {@link io.partita.processor.diag.Report}, and
 * {@link io.partita.processor.diag.Diagnostics}, the only code that prints.
 */
package io.partita.processor.diag;
