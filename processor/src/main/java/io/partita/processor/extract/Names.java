package io.partita.processor.extract;

import io.partita.mapping.AttributeConverter;

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
    static final String TTL = PACKAGE + "Ttl";
    /**
     * The runtime's converter interface, which {@code @Convert} classes implement: by class literal, so the name
     * follows the runtime (the processor only reads the name; converters are read through mirrors).
     */
    static final String ATTRIBUTE_CONVERTER = AttributeConverter.class.getCanonicalName();

    private Names() {}
}
