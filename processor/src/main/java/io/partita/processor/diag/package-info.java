/**
 * The message catalogue ({@link io.partita.processor.diag.Rule}, whose constant names are the stable
 * rule ids, and {@link io.partita.processor.diag.Phrase}, the situation-dependent parts of messages), the
 * per-table {@link io.partita.processor.diag.ValidationReport}, and {@link io.partita.processor.diag.Diagnostics}, the
 * only code that prints. The catalogue is closed: every word a diagnostic prints is in Rule or Phrase;
 * the rest of the processor passes phrase ids and names/values ({@code ClosedCatalogueTest} checks it).
 */
package io.partita.processor.diag;
