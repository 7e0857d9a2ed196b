/**
 * Partita's annotation processor: {@link io.partita.processor.PartitaProcessor} runs, per table,
 * extract ({@code extract}) -> validate ({@code validate}) -> generate ({@code generate}: repositories,
 * index views, schemas, the design report and CreateTable JSON, only from a report without errors), printing
 * through {@code diag}. {@link io.partita.processor.Limits} holds DynamoDB's
 * published limits.
 *
 * <p>Owns: reading the user's annotations and judging key designs. Annotations and user types are read
 * through {@code javax.lang.model} mirrors, never loaded reflectively. The runtime is on the compile path only
 * so that {@code generate/Runtime.java} can name what generated code uses by class literal (and
 * {@code extract/Names} the converter interface); nothing else imports it, and the processor never runs
 * runtime code.
 */
package io.partita.processor;
