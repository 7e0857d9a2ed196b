/**
 * Partita's annotation processor: {@link io.partita.processor.PartitaProcessor} runs, per table,
 * extract ({@code extract}) -> validate ({@code validate}) -> generate ({@code generate}: repositories,
 * index views, schemas, the design report and CreateTable JSON, only from a report without errors), printing
 * through {@code diag}. {@link io.partita.processor.Limits} holds DynamoDB's
 * published limits.
 *
 * <p>Owns: reading the user's annotations and judging key designs. Must not import the runtime
 * ({@code io.partita}, {@code io.partita.storage}) nor load annotation classes reflectively: everything
 * is read through {@code javax.lang.model} mirrors.
 */
package io.partita.processor;
