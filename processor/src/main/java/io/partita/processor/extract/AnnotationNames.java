package io.partita.processor.extract;

import io.partita.annotations.Attribute;
import io.partita.annotations.ChangeStream;
import io.partita.annotations.Convert;
import io.partita.annotations.Counter;
import io.partita.annotations.CreatedAt;
import io.partita.annotations.Entity;
import io.partita.annotations.Gsi;
import io.partita.annotations.GsiKey;
import io.partita.annotations.Ignore;
import io.partita.annotations.Key;
import io.partita.annotations.Lsi;
import io.partita.annotations.LsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Scatter;
import io.partita.annotations.SortKey;
import io.partita.annotations.Sparse;
import io.partita.annotations.Table;
import io.partita.annotations.Ttl;
import io.partita.annotations.UpdatedAt;
import io.partita.annotations.Version;
import io.partita.mapping.AttributeConverter;

/**
 * Qualified names of Partita's annotations and of the runtime's converter interface, by class literal: a type
 * that moves or is renamed breaks the processor's compilation, not a user's build. Extraction compares these
 * names with annotation mirrors; the processor never reads an annotation through its class.
 */
public final class AnnotationNames {
    /** The annotations' package, with a trailing dot. */
    public static final String PACKAGE = Table.class.getPackageName() + ".";

    public static final String TABLE = Table.class.getCanonicalName();
    public static final String ENTITY = Entity.class.getCanonicalName();
    public static final String CONVERT = Convert.class.getCanonicalName();
    public static final String CHANGE_STREAM = ChangeStream.class.getCanonicalName();
    static final String PARTITION_KEY = PartitionKey.class.getCanonicalName();
    static final String SORT_KEY = SortKey.class.getCanonicalName();
    static final String KEY = Key.class.getCanonicalName();
    static final String GSI = Gsi.class.getCanonicalName();
    static final String LSI = Lsi.class.getCanonicalName();
    static final String GSI_KEY = GsiKey.class.getCanonicalName();
    static final String LSI_KEY = LsiKey.class.getCanonicalName();
    static final String SPARSE = Sparse.class.getCanonicalName();
    static final String SCATTER = Scatter.class.getCanonicalName();
    static final String ATTRIBUTE = Attribute.class.getCanonicalName();
    static final String IGNORE = Ignore.class.getCanonicalName();
    static final String VERSION = Version.class.getCanonicalName();
    static final String TTL = Ttl.class.getCanonicalName();
    static final String CREATED_AT = CreatedAt.class.getCanonicalName();
    static final String UPDATED_AT = UpdatedAt.class.getCanonicalName();
    static final String COUNTER = Counter.class.getCanonicalName();
    /**
     * The runtime's converter interface, which {@code @Convert} classes implement (the processor only reads the
     * name; converters are read through mirrors).
     */
    static final String ATTRIBUTE_CONVERTER = AttributeConverter.class.getCanonicalName();

    private AnnotationNames() {}
}
