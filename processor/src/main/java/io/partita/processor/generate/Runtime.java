package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;

/** Names of the runtime types generated code refers to (the processor never loads them). */
final class Runtime {
  static final String GENERATOR = "io.partita.processor.PartitaProcessor";

  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

  static final ClassName PARTITA = ClassName.get("io.partita", "Partita");
  static final ClassName PAGE = ClassName.get("io.partita", "Page");
  static final ClassName CURSOR = ClassName.get("io.partita", "Cursor");
  static final ClassName FIELD = ClassName.get("io.partita", "Field");
  static final ClassName KEY = ClassName.get("io.partita", "Key");
  static final ClassName CONDITION = ClassName.get("io.partita", "Condition");
  static final ClassName MISSING_INDEX_KEY = ClassName.get("io.partita", "MissingIndexKeyException");

  static final ClassName CODECS = ClassName.get("io.partita.mapping", "Codecs");
  static final ClassName ITEM_SCHEMA = ClassName.get("io.partita.mapping", "ItemSchema");
  static final ClassName ITEM_DECODER = ClassName.get("io.partita.mapping", "ItemDecoder");
  static final ClassName KEY_FORMAT = ClassName.get("io.partita.mapping", "KeyFormat");
  static final ClassName SHARDS = ClassName.get("io.partita.mapping", "Shards");

  static final ClassName ATTRIBUTE_VALUE = ClassName.get("io.partita.storage.value", "AttributeValue");
  static final ClassName TABLE_DEFINITION = ClassName.get("io.partita.storage.schema", "TableDefinition");
  static final ClassName KEY_ATTRIBUTE = ClassName.get("io.partita.storage.schema", "KeyAttribute");
  static final ClassName GLOBAL_SECONDARY_INDEX = ClassName.get("io.partita.storage.schema", "GlobalSecondaryIndex");
  static final ClassName LOCAL_SECONDARY_INDEX = ClassName.get("io.partita.storage.schema", "LocalSecondaryIndex");
  static final ClassName PROJECTION = ClassName.get("io.partita.storage.schema", "Projection");

  private Runtime() {}
}
