/**
 * Phase 3: generators run only for tables whose report has no errors. {@link
 * io.partita.processor.generate.RepositoryGenerator} drives one generator per artifact: {@code EntityRepositoryGenerator}
 * writes {@code <Entity>Repository} (schema, field constants, {@code TABLE} from {@code TableDefinitionCode},
 * {@code MAPPING} from {@code MappingCode}, key operations, staged query builders from {@code QueryBuilderGenerator}
 * and {@code PartitionStages}), {@code ViewGenerator} the {@code <Entity><Index>View} records of KEYS_ONLY/INCLUDE
 * GSIs, {@code NestedSchemaGenerator} the {@code <Nested>Schema} classes of nested records/classes,
 * {@code SharedTableGenerator} a shared table's {@code <Table>Repository}, and {@code RepositoryIndex} lists what was
 * written. {@code GeneratedNames} names every generated type; {@link io.partita.processor.generate.Layout} derives
 * key layouts from the model. Every runtime type and member generated code names comes from {@code Runtime} (types
 * by class literal, members through {@code Runtime.Member}, checked against the runtime by
 * {@code RuntimeContractTest}).
 */
package io.partita.processor.generate;
