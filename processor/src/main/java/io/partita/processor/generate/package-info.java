/**
 * Phase 3: generators run only for tables whose report has no errors. {@link
 * io.partita.processor.generate.RepositoryGenerator} writes {@code <Entity>Repository} (schema, field constants,
 * table definition, mapping, key operations, staged query builders), {@code <Entity><Index>View} records for
 * KEYS_ONLY/INCLUDE GSIs, {@code <Nested>Schema} classes for nested records/classes, and
 * {@code <Table>Repository} for shared tables. {@link io.partita.processor.generate.Layout} derives key layouts
 * from the model; generated code calls only the runtime's {@code io.partita.mapping} and
 * {@code io.partita.repository} APIs.
 */
package io.partita.processor.generate;
