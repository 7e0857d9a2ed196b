/**
 * Phase 3: generators run only for tables whose report has no errors. {@link
 * io.partita.processor.generate.RepositoryGenerator} writes {@code <Entity>Repository} (schema, field constants,
 * table definition, mapping, key operations, staged query builders), {@code <Entity><Index>View} records for
 * KEYS_ONLY/INCLUDE GSIs, {@code <Nested>Schema} classes for nested records/classes, and
 * {@code <Table>Repository} for shared tables. {@link io.partita.processor.generate.Layout} derives key layouts
 * from the model. Every runtime type and member generated code names comes from {@code Runtime} (types by class
 * literal, members through {@code Runtime.Member}, checked against the runtime by {@code RuntimeContractTest}).
 */
package io.partita.processor.generate;
