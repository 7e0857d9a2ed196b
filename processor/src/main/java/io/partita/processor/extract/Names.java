package io.partita.processor.extract;

/** Qualified names of the annotations, so extraction never loads annotation classes. */
final class Names {
  static final String PACKAGE = "io.partita.annotations.";
  static final String TABLE = PACKAGE + "Table";
  static final String ENTITY = PACKAGE + "Entity";
  static final String PARTITION_KEY = PACKAGE + "PartitionKey";
  static final String SORT_KEY = PACKAGE + "SortKey";
  static final String KEY = PACKAGE + "Key";
  static final String GSI = PACKAGE + "Gsi";
  static final String LSI = PACKAGE + "Lsi";
  static final String GSI_KEY = PACKAGE + "GsiKey";
  static final String LSI_KEY = PACKAGE + "LsiKey";
  static final String SPARSE = PACKAGE + "Sparse";
  static final String SCATTER = PACKAGE + "Scatter";
  static final String ATTRIBUTE = PACKAGE + "Attribute";
  static final String IGNORE = PACKAGE + "Ignore";
  static final String VERSION = PACKAGE + "Version";
  static final String CONVERT = PACKAGE + "Convert";
  /** The runtime's converter interface, named by {@code @Convert} classes (the processor never loads it). */
  static final String ATTRIBUTE_CONVERTER = "io.partita.mapping.AttributeConverter";

  private Names() {}
}
