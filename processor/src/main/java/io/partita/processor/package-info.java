/**
 * Partita's annotation processor: {@link io.partita.processor.PartitaProcessor} runs, per table,
 * extract ({@code extract}) -> validate ({@code validate}) -> generate ({@code generate}: repositories,
 * index views, schemas, the design report and CreateTable JSON, only from a report without errors), printing
 * through {@code diag}. {@link io.partita.processor.DesignLimits} holds the limits a design is checked against:
 * DynamoDB's, from the core's {@code io.partita.storage.schema.Limits}, and the processor's own.
 *
 * <p>Owns: reading the user's annotations and judging key designs. Annotations and user types are read
 * through {@code javax.lang.model} mirrors, never loaded reflectively. The runtime is on the compile path only
 * so that {@code generate/Runtime.java} can name what generated code uses by class literal (and
 * {@code extract/AnnotationNames} the converter interface); {@code DesignLimits} and {@code model/ProjectionKind} read
 * the core's limits and projection type; nothing else imports it, and the processor never runs
 * runtime code.
 */
package io.partita.processor;
