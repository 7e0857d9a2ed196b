/** Phase 3 (to come): generators run only for tables whose report has no errors. */
package io.partita.processor.generate;
