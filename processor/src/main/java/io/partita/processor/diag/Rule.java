package io.partita.processor.diag;

import javax.tools.Diagnostic;

/**
 * The catalogue of every diagnostic the processor reports. The constant name is the stable rule id
 * printed in brackets ({@code [LsiNeedsSortKey] ...}), documented for users in docs/rules.md; never rename one.
 * Each text names the rule and the fix. The catalogue is closed: ids and templates only. Where a rule's text
 * depends on the situation, the slot takes a {@link Phrase} (the rest of the catalogue); call sites pass
 * phrases and names/values, never words.
 */
public enum Rule {
    // ---- tables and names
    InvalidTableName(
            Diagnostic.Kind.ERROR,
            "table name \"%s\" is not valid: table names are 3 to 255 characters of [a-zA-Z0-9_.-]; rename the table"),
    InvalidIndexName(
            Diagnostic.Kind.ERROR,
            "index name \"%s\" is not valid: index names are 3 to 255 characters of [a-zA-Z0-9_.-]; rename the index"),
    DuplicateIndexName(
            Diagnostic.Kind.ERROR,
            "index name \"%s\" is declared more than once on table %s; index names are unique per table, rename one"),
    SimilarIndexName(
            Diagnostic.Kind.ERROR,
            "%s names index \"%s\", which no @Gsi or @Lsi declares and which differs from index \"%s\" of table %s only"
                    + " %s, so it would create a second index; did you mean \"%s\"? If two indexes are meant, %s"),
    MissingPartitionKey(Diagnostic.Kind.ERROR, "%s has no partition key; %s"),
    MultiplePartitionKeys(
            Diagnostic.Kind.ERROR,
            "%s is a second @PartitionKey of %s (the first is %s); a table has exactly one partition key: keep one,"
                    + " and serve other access patterns with a @GsiKey"),
    MultipleSortKeys(
            Diagnostic.Kind.ERROR,
            "%s is a second @SortKey of %s (the first is %s); a table has at most one sort key: keep one,"
                    + " and serve other orderings with an @LsiKey or @GsiKey"),
    PartitionAndSortKey(
            Diagnostic.Kind.ERROR,
            "%s is both @PartitionKey and @SortKey; a key attribute has one role: remove one of the two"),
    DuplicateAttributeName(
            Diagnostic.Kind.ERROR, "%s maps to attribute \"%s\", which %s; give it another @Attribute name"),
    InvalidAttributeName(Diagnostic.Kind.ERROR, "attribute name \"%s\" of %s is not valid: %s"),
    NotConstructible(Diagnostic.Kind.ERROR, "%s cannot be %s without reflection: %s"),
    MisplacedAnnotation(Diagnostic.Kind.ERROR, "%s"),
    MissingAnnotationValue(
            Diagnostic.Kind.ERROR,
            "@%s on %s does not set %s, which it requires; write @%s(%s = ...) (the other entities of the module are"
                    + " still generated, so this is the error to fix)"),
    IgnoredKeyField(
            Diagnostic.Kind.ERROR,
            "%s is @Ignore but also a key (%s); an ignored field is not stored and cannot be a key: remove one of them"),

    // ---- key attribute types and templates
    InvalidKeyType(
            Diagnostic.Kind.ERROR,
            "%s of type %s cannot be a key attribute of %s: key attributes are String, Number or Binary"
                    + " (String/CharSequence, enums, UUID, java.time types, numbers, BigDecimal/BigInteger, byte[]/ByteBuffer); %s"),
    ConflictingKeyAttributeType(
            Diagnostic.Kind.ERROR,
            "%s maps attribute \"%s\" to %s, but \"%s\" is a key attribute of type %s in table %s (%s); DynamoDB has one"
                    + " attribute definition per name in a table: use the same type or rename one with @Attribute"),
    InvalidTemplate(Diagnostic.Kind.ERROR, "template \"%s\" is malformed: %s"),
    UnknownPlaceholder(Diagnostic.Kind.ERROR, "template \"%s\" names {%s}, but %s has no stored field %s; %s"),
    NonScalarPlaceholder(
            Diagnostic.Kind.ERROR,
            "template \"%s\" names {%s} of type %s, which is not a scalar; a placeholder renders one scalar field"
                    + " (string, enum, number, boolean, UUID, java.time, byte[]): use such a field"),
    UnorderedTemplatePart(
            Diagnostic.Kind.ERROR,
            "sort-key template \"%s\" renders {%s} of type %s as text that does not sort like its value (\"10\" < \"9\"),"
                    + " but range conditions (lt/le/gt/ge/between) are generated over every part of a sort-key template; %s"),

    // ---- local secondary indexes
    TooManyLsis(
            Diagnostic.Kind.ERROR,
            "table %s declares %d local secondary indexes, DynamoDB allows at most %d; LSIs are created together with the"
                    + " table and cannot be added later, so decide now: remove %s or make it a @Gsi"),
    LsiNeedsSortKey(Diagnostic.Kind.ERROR, "%s requires a table with a sort key; %s"),
    LsiSortKeySameAsTable(
            Diagnostic.Kind.ERROR,
            "%s sorts by \"%s\", which is already the table's sort key; an LSI exists to sort by a different attribute:"
                    + " choose another field"),
    LsiSingleSortKey(Diagnostic.Kind.ERROR, "%s has %s; an LSI sort key is exactly one scalar attribute: %s"),
    LsiHasPartitionKey(
            Diagnostic.Kind.ERROR,
            "%s names \"%s\", a local secondary index; an LSI always uses the table's partition key and has no"
                    + " partition-key annotation of its own: use @LsiKey(index = \"%s\") for its sort key"),
    LsiItemCollectionLimit(
            Diagnostic.Kind.NOTE,
            "table %s has local secondary indexes (%s): every item collection (the items sharing one partition key value,"
                    + " plus their LSI entries) is limited to 10 GB; keep partitions small or use a GSI"),

    // ---- global secondary indexes
    TooManyGsis(
            Diagnostic.Kind.ERROR,
            "table %s declares %d global secondary indexes, more than the quota of %d; remove %s, overload one index for"
                    + " several access patterns, or raise the quota with -Apartita.maxGsisPerTable=<n> if your account allows it"),
    GsiMissingPartitionKey(Diagnostic.Kind.ERROR, "%s has no partition key%s; %s"),
    TooManyKeyParts(
            Diagnostic.Kind.ERROR,
            "%s of index \"%s\" is %s-key attribute number %d; a multi-attribute key has at most %d %s attributes: remove one"),
    KeyPartOrder(
            Diagnostic.Kind.ERROR,
            "%s of index \"%s\" has %s-key order %d, but orders must be contiguous from 0 (0..%d) and the %s key has %d"
                    + " attribute(s): use order %d"),
    DuplicateKeyPart(
            Diagnostic.Kind.ERROR,
            "%s repeats %s-key order %d of index \"%s\" (already %s); each position of a multi-attribute key names one field:"
                    + " give it another order"),
    KeyPartInBothRoles(
            Diagnostic.Kind.ERROR,
            "%s is both a partition-key and a sort-key attribute of index \"%s\"; use it in one role"),
    LowCardinalityPartitionKey(
            Diagnostic.Kind.WARNING,
            "index \"%s\" of %s is partitioned by %s, which has few distinct values: writes concentrate on a few partitions"
                    + " (hot partition, about 1000 writes/s per key value); add @Scatter(index = \"%s\", shards = 10, by = \"<field>\")"
                    + " to write-shard it, or key on a higher-cardinality attribute"),

    // ---- projections
    IncludeUnknownAttribute(Diagnostic.Kind.ERROR, "%s includes \"%s\", which is not an attribute of %s; %s"),
    IncludeKeyAttribute(
            Diagnostic.Kind.ERROR,
            "%s includes \"%s\", a key attribute that every index projects anyway; INCLUDE takes non-key attributes: remove it"),
    IncludeListNotAllowed(
            Diagnostic.Kind.ERROR,
            "%s has projection %s and an include list; only Projection.INCLUDE takes include: remove the list or use INCLUDE"),
    IncludeListMissing(
            Diagnostic.Kind.ERROR,
            "%s has projection INCLUDE but names no attribute; list the non-key attributes to copy, or use KEYS_ONLY"),
    TooManyIncludeAttributes(
            Diagnostic.Kind.ERROR,
            "table %s projects %d INCLUDE attributes across its indexes (an attribute projected into two indexes counts"
                    + " twice); DynamoDB allows at most %d: project fewer, or use ALL"),

    // ---- sparse, version
    SparsePrimitive(
            Diagnostic.Kind.ERROR,
            "@Sparse on %s of primitive type %s: a primitive is never null, so the item is never left out of the index;"
                    + " use %s"),
    SparseBaseKey(
            Diagnostic.Kind.ERROR,
            "@Sparse on %s, a base-table key field: every item needs its primary key, so it can never be null; remove @Sparse"),
    KotlinNullableIndexKey(
            Diagnostic.Kind.ERROR,
            "%s of Kotlin class %s is nullable (@%s) and keys index \"%s\", but it is not @Sparse, so writing null fails"
                    + " at run time with MissingIndexKeyException; add @Sparse (a null then leaves the item out of the"
                    + " index), or make the property non-null"),
    VersionType(Diagnostic.Kind.ERROR, "@Version on %s of type %s; the version is a counter: use long or Long"),
    MultipleVersions(Diagnostic.Kind.ERROR, "%s is a second @Version of %s (the first is %s); keep one"),

    // ---- created-at, updated-at, counters
    TimestampType(
            Diagnostic.Kind.ERROR,
            "%s on %s of type %s; the repository writes the clock's instant: use Instant, or long/Long for epoch"
                    + " milliseconds"),
    CounterType(
            Diagnostic.Kind.ERROR,
            "@Counter on %s of type %s; a counter is a whole number DynamoDB adds to: use int, long, Integer or Long"),
    CounterStartOnPrimitive(
            Diagnostic.Kind.ERROR,
            "@Counter(start = %d) on %s of primitive type %s: a new entity holds 0, which a put must store as it is;"
                    + " use %s, whose null the put replaces with the start value"),
    MultipleAutoValues(Diagnostic.Kind.ERROR, "%s is a second %s of %s (the first is %s); keep one"),
    AutoValueConflict(Diagnostic.Kind.ERROR, "%s on %s cannot be combined with %s; %s"),
    AutoValueInKey(
            Diagnostic.Kind.ERROR,
            "%s on %s, %s: the repository changes the value on writes, so %s; it may be an index sort key. Key on"
                    + " another field, or remove %s"),

    // ---- shared tables and overloading
    NotASharedTable(
            Diagnostic.Kind.ERROR,
            "@Entity(table = %s.class) must name an interface annotated with @Table(name = ..., partitionKey = ...); %s"),
    DuplicateEntityType(
            Diagnostic.Kind.ERROR,
            "entity type \"%s\" of %s is already used by %s in table %s; give each @Entity a distinct type"),
    KeyTemplateMismatch(Diagnostic.Kind.ERROR, "@Key of %s %s"),
    SharedKeyCollision(
            Diagnostic.Kind.ERROR,
            "the key templates of %s (%s) and %s (%s) can render the same primary key in table %s, so one entity could"
                    + " overwrite the other; give one of them a distinguishing literal, e.g. \"%s#...\""),
    UnknownIndex(Diagnostic.Kind.ERROR, "%s names index \"%s\", which table %s does not declare; %s%s"),
    OverloadedKeyMismatch(Diagnostic.Kind.ERROR, "%s for index \"%s\" %s"),
    AmbiguousOverloadedKey(
            Diagnostic.Kind.ERROR,
            "the overloaded keys of %s (%s) and %s (%s) on index \"%s\" can render the same partition key and sort-key prefix,"
                    + " so a query for one would also return the other's items; add a distinguishing literal to one template"),
    InvalidQueryName(
            Diagnostic.Kind.ERROR,
            "query name \"%s\" is not a Java identifier; it names the generated"
                    + " access-pattern method: use a lowerCamelCase name such as \"byEmail\""),
    KotlinSealedDropped(
            Diagnostic.Kind.NOTE,
            "shared table %s is a Kotlin interface: kapt's Java stub drops sealed, so item-collection queries return"
                    + " List<Object>; cast each item to %s once (a when over a sealed interface is then exhaustive)"),

    // ---- scatter
    ScatterUnknownIndex(Diagnostic.Kind.ERROR, "@Scatter names index \"%s\", which table %s does not declare; %s%s"),
    ScatterOnLsi(
            Diagnostic.Kind.ERROR,
            "@Scatter on \"%s\", a local secondary index: an LSI shares the base table's partition and cannot be"
                    + " write-sharded; scatter a GSI instead"),
    ScatterShards(Diagnostic.Kind.ERROR, "@Scatter(shards = %d) on index \"%s\" is out of range: use %d to %d shards"),
    ScatterBy(
            Diagnostic.Kind.ERROR,
            "@Scatter(by = \"%s\") %s; name a stored scalar field of %s, or leave by empty for random shards"),
    ScatterKeyPartsFull(
            Diagnostic.Kind.ERROR,
            "@Scatter on index \"%s\" adds the shard attribute %s as a partition-key part, but the index already has %d"
                    + " partition-key attributes, the most a multi-attribute key takes; remove one of them"),
    ScatterNotUniform(
            Diagnostic.Kind.ERROR,
            "index \"%s\" of shared table %s is keyed by fields and %s scatters it over %d shards, but %s %s; every item"
                    + " of the index needs the same shard attribute %s: add @Scatter(index = \"%s\", shards = %d) to %s"),
    DuplicateScatter(Diagnostic.Kind.ERROR, "index \"%s\" is scattered twice by %s; keep one @Scatter per index"),
    RandomScatterUpdatedInPlace(
            Diagnostic.Kind.WARNING,
            "@Scatter(index = \"%s\") shards randomly, but %s is updated in place (%s): every update may move its index"
                    + " entry to another shard (a delete and a put on the index); set by to a stable field, e.g. by = \"%s\""),

    // ---- field types and converters
    UnsupportedFieldType(
            Diagnostic.Kind.ERROR,
            "%s of %s has type %s, which Partita does not map (%s); store it through a converter with"
                    + " @Convert(YourConverter.class) implementing AttributeConverter<%s>, mark it @Ignore, or use a supported"
                    + " type; no repository was generated for %s"),
    InvalidConverter(Diagnostic.Kind.ERROR, "@Convert(%s.class) on %s of %s cannot store it: %s"),
    ConvertedKeyField(
            Diagnostic.Kind.ERROR,
            "%s of %s is stored through @Convert(%s.class) and is also a key attribute of %s; key attributes need a"
                    + " String, Number or Binary type the processor can check: key on a plain field (e.g. the value's id or"
                    + " text form) and keep the converted field a non-key attribute"),

    // ---- time to live
    TtlType(
            Diagnostic.Kind.ERROR,
            "@Ttl on %s of type %s; time to live reads a Number of epoch seconds: use Instant (stored as epoch seconds)"
                    + " or epoch seconds in a long, Long, int or Integer, without @Convert"),
    MultipleTtls(
            Diagnostic.Kind.ERROR,
            "%s is a second @Ttl of %s (the first is %s); an item has one expiry time: keep one"),
    TtlKeyAttribute(
            Diagnostic.Kind.ERROR,
            "@Ttl on %s, which is %s; an expiry time cannot be a key (a key never changes, and an index key would move"
                    + " the entry on every renewal): keep the key and add a separate @Ttl field"),
    UnstoredTtl(
            Diagnostic.Kind.ERROR,
            "@Ttl on %s, which is not stored (@Ignore or transient); time to live reads the item's stored attribute, so"
                    + " these items would never expire: store the field or remove @Ttl"),
    ConflictingTtlAttributes(
            Diagnostic.Kind.ERROR,
            "%s of %s keeps its expiry time in attribute \"%s\", but %s of %s keeps it in \"%s\"; table %s has one"
                    + " time-to-live attribute: give both fields the same @Attribute name"),

    // ---- change streams
    ConflictingChangeStreams(
            Diagnostic.Kind.ERROR,
            "@ChangeStream(%s) on %s, but @ChangeStream(%s) on %s; table %s has one stream with one view type: name the"
                    + " same StreamView on both, or keep one @ChangeStream (on the table interface)"),
    ChangeStreamWithoutTable(
            Diagnostic.Kind.ERROR,
            "@ChangeStream on %s, which is neither a @Table nor an @Entity; a stream belongs to a table: move it to the"
                    + " type carrying @Table (or to an @Entity of a shared table)"),

    // ---- design evolution (checked against the baseline of -Apartita.baseline)
    IncompatibleDesignChange(
            Diagnostic.Kind.ERROR,
            "%s changed since the design baseline (%s -> %s): %s; revert the change, or declare the migration that"
                    + " carries the data: %s"),
    DesignChangeNeedsDeployment(
            Diagnostic.Kind.NOTE,
            "%s since the design baseline; it strands no data, but deploying it takes a step: %s"),
    DesignElementRemoved(
            Diagnostic.Kind.WARNING,
            "%s is in the design baseline but no longer declared, so its data is left behind in DynamoDB%s; if that"
                    + " is intended, declare @Migration(change = Migration.Change.REMOVAL, target = \"%s\") on %s, or"
                    + " refresh the baseline"),
    UnreadableBaseline(
            Diagnostic.Kind.ERROR,
            "the design baseline %s (-Apartita.baseline) cannot be read: %s; commit a copy of"
                    + " target/classes/META-INF/partita/design.json at that path, or correct the option"),

    // ---- processor health
    UnresolvedType(
            Diagnostic.Kind.NOTE,
            "%s was not validated because %s could not be resolved; fix that error and compile again"),
    InvalidOption(Diagnostic.Kind.WARNING, "processor option %s=%s is ignored: %s"),
    InternalError(
            Diagnostic.Kind.ERROR,
            "Partita could not process %s: %s. This is a bug in the Partita processor; please report it with this trace: %s");

    private final Diagnostic.Kind kind;
    private final String format;

    Rule(Diagnostic.Kind kind, String format) {
        this.kind = kind;
        this.format = format;
    }

    public Diagnostic.Kind kind() {
        return kind;
    }

    /** The stable rule id, as printed in brackets. */
    public String id() {
        return name();
    }

    /** {@code [Id] text}. */
    public String render(Object... args) {
        return "[" + id() + "] " + String.format(java.util.Locale.ROOT, format, args);
    }
}
