/**
 * Phase 1: builds the immutable model from {@code Element}s, through annotation mirrors only. The only
 * package besides {@code diag} that reads {@code javax.lang.model} in depth.
 */
package io.partita.processor.extract;
