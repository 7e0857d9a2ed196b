package io.partita.processor.diag;

import java.util.Arrays;
import java.util.Locale;

/**
 * The second half of the message catalogue: the parts of a message that depend on the situation (what is
 * wrong, with what, and the fix). A {@link Rule} template names the rule; where its text varies, a slot
 * takes a phrase from here. Call sites pass phrase ids and names/values only, never words, so every word a
 * user reads is in {@link Rule} or here. Constant names are internal (unlike {@link Rule} ids).
 */
public enum Phrase {
    // ---- how messages name things
    FIELD("field %s"),
    A_FIELD("a field"),
    FIELD_OF("%s of %s"),
    NESTED_TYPE("nested type %s"),
    TABLE("table %s"),
    TABLE_OF_ENTITY("table %s (%s)"),
    SHARED_TABLE("shared table %s"),
    ENTITY("entity %s"),
    INDEX("index \"%s\""),
    ANNOTATION_ON("%s on %s"),
    TYPED("%s (%s)"),
    KEY_TEMPLATE("pk \"%s\""),
    KEY_TEMPLATES("pk \"%s\", sk \"%s\""),
    ENUM_WITH_CONSTANTS("enum %s with %d constants"),
    PARTITION("partition"),
    SORT("sort"),
    THIS_ONE("this one"),
    SOME_OF_THEM("%d of them"),
    NONE("(none)"),
    NONE_DECLARED("(none declared)"),
    THIS_ROUND("this round"),

    // ---- MissingPartitionKey fixes
    ANNOTATE_ONE_PARTITION_KEY("annotate exactly one field of %s with @PartitionKey"),
    NAME_SHARED_PARTITION_KEY("name its partition-key attribute: @Table(name = \"%s\", partitionKey = \"PK\")"),
    RENDER_PARTITION_KEY("render it from a template: @Key(pk = \"%s#{id}\")"),
    RENDER_PRIMARY_KEY("render it from a template: @Key(pk = \"%s#{id}\", sk = \"...\")"),

    // ---- MisplacedAnnotation situations
    TEMPLATES_ON_FIELD("pk/sk templates on %s are not allowed; templates belong on the entity type of a shared table;"
            + " on a field, the field itself is the key (use role and order)"),
    TABLE_KEYS_ON_ENTITY(
            "@Table(partitionKey/sortKey) on %s, a record or class, is not allowed; these name the key"
                    + " attributes of a shared table (an interface); on an entity, annotate fields with @PartitionKey and @SortKey"),
    INDEX_KEYS_ON_SINGLE_TABLE("%s(partitionKey/sortKey) on a single-entity table is not allowed; annotate the key"
            + " fields with %s(index = \"%s\")"),
    KEY_ON_SINGLE_TABLE("@Key on %s, a single-entity table, is not allowed; key templates are for @Entity types of a"
            + " shared table; annotate fields with @PartitionKey and @SortKey"),
    TYPE_INDEX_KEY_ON_SINGLE_TABLE("%s on the type %s of a single-entity table is not allowed; type-level (overloaded)"
            + " index keys are for shared tables; annotate the key field instead"),
    FIELD_KEY_ON_SHARED_TABLE("%s on %s of %s, an entity of shared table %s, is not allowed; a shared table's keys are"
            + " rendered from templates: use @Key(pk = \"...{%s}...\") on %s"),
    LSI_KEY_ON_GSI("%s names \"%s\", a global secondary index; use @GsiKey(index = \"%s\", role = KeyRole.SORT)"),
    INDEX_ON_ENTITY("@%s on entity %s of a shared table is not allowed; declare the index on the table interface %s"
            + " and fill it with @GsiKey/@LsiKey on the entity"),
    TABLE_AND_ENTITY("@Table and @Entity on %s are not allowed together; use @Table alone for a single-entity table,"
            + " or @Entity to join a shared table"),
    TABLE_ON_OTHER_KIND("@Table on %s, %s, is not allowed; put it on the entity record or class, or on an interface"
            + " for a shared table"),

    // ---- kinds of types
    AN_INTERFACE("an interface"),
    AN_ENUM("an enum"),
    AN_ANNOTATION_TYPE("an annotation type"),
    ABSTRACT("abstract"),

    // ---- NotASharedTable
    SINGLE_ENTITY_TABLE_NAMED("%s is a single-entity table, which holds only its own items; declare @Table(name = ...,"
            + " partitionKey = \"PK\", sortKey = \"SK\") on an interface and name it here"),
    NO_TABLE_NAMED("%s has no @Table; declare @Table(name = ..., partitionKey = \"PK\", sortKey = \"SK\") on an"
            + " interface and name it here"),

    // ---- KeyTemplateMismatch
    KEY_WITHOUT_SORT_TEMPLATE("has no sk template, but table %s declares sort key \"%s\": add sk = \"...\" (a constant"
            + " such as \"PROFILE\" is fine)"),
    KEY_WITH_SORT_TEMPLATE("has an sk template, but table %s declares no sort key: remove sk, or declare"
            + " @Table(sortKey = \"SK\")"),

    // ---- attribute names
    ITS_PARTITION_KEY("its partition key"),
    ITS_SORT_KEY("its sort key"),
    INDEX_PARTITION_KEY("the partition key of index \"%s\""),
    INDEX_SORT_KEY("the sort key of index \"%s\""),
    DISCRIMINATOR_ATTRIBUTE("the entity type (discriminator)"),
    THE_DISCRIMINATOR("the discriminator"),
    KEY_NAME_LENGTH("key attribute names are 1 to 255 characters"),
    KEY_NAME_TOO_LONG("key attribute names are 1 to 255 characters; use a shorter @Attribute name"),
    EMPTY_DISCRIMINATOR("attribute names are at least 1 character; remove discriminator to use \"_type\""),
    EMPTY_ATTRIBUTE_NAME("attribute names are at least 1 character; remove @Attribute or give a name"),
    ALSO_MAPS_TO("%s also maps to"),
    TABLE_USES_FOR("table %s uses for %s"),

    // ---- construction
    CREATED("created"),
    CREATED_AS_NESTED_MAP("created (it is stored as a nested map)"),
    READ("read"),
    WRITTEN("written"),
    NOT_A_CONCRETE_TYPE("it is %s; an entity is a record or a concrete class"),
    PRIVATE_TYPE("it is private, so generated code cannot name it; make it package-private or public"),
    PRIVATE_ENCLOSING_TYPE("%s is private, so generated code cannot name it; make it package-private or public"),
    INNER_CLASS("it is an inner class that needs an enclosing instance; make it static"),
    NO_CONSTRUCTOR("it has no accessible no-argument constructor and no constructor taking its stored fields %s in"
            + " declaration order; add one of them"),
    NO_READER("it is private and has no accessor; add get%s() (or %s()), or mark it @Ignore"),
    NO_WRITER("it has no setter and is private or final; add set%s(...), or a constructor taking every stored field"
            + " in declaration order"),
    A_BASE_TABLE_KEY("a base-table key"),
    AN_INDEX_KEY("an index key"),

    // ---- key types and templates
    RENDERED_BY_KEY_TEMPLATES("rendered by @Key templates"),
    RENDERED_BY_TEMPLATES("rendered by templates"),
    BOOLEAN_KEY_FIX("a boolean is not a DynamoDB key type (and has two values): use an enum or a String"),
    COLLECTION_KEY_FIX("an index cannot key on a collection: key on one scalar field"),
    NESTED_KEY_FIX("key on one of its scalar fields, or flatten it into the entity"),
    EMPTY_TEMPLATE("the template is empty"),
    UNOPENED_PLACEHOLDER("'}' at position %d closes no placeholder"),
    UNCLOSED_PLACEHOLDER("'{' at position %d is not closed"),
    UNKNOWN_FORMAT("unknown format \"%s\" in {%s}; the only format is {field:sortable}"),
    PLACEHOLDER_NOT_A_FIELD("{%s} does not name a field; write {fieldName} or {fieldName:sortable}"),
    TOUCHING_PLACEHOLDERS("placeholders {%s} and {%s} touch, so their values cannot be told apart; put a separator"
            + " such as '#' between them"),
    SORTABLE_NOT_APPLICABLE("{%s:sortable} applies to integral numbers, float and double, but %s is %s"),
    SORTABLE_NOT_NEEDED("{%s:sortable} applies to integral numbers, float and double, but %s is %s, whose text"
            + " already sorts like its value: write {%s}"),
    WRITE_SORTABLE("write {%s:sortable} for a fixed-width, sign-aware encoding that sorts like the number"),
    NO_ORDERED_TEXT_FORM("%s has no order-preserving text form: use a long, double or java.time field, or make it a"
            + " key attribute of its own"),

    // ---- did you mean
    INCLUDE_STORED_NAMES("include stored attribute names: %s"),
    INCLUDE_STORED_NAME_OF_FIELD("\"%s\" is a field stored as attribute \"%s\": include \"%s\""),
    INCLUDE_DID_YOU_MEAN("did you mean \"%s\"? include stored attribute names: %s"),
    PLACEHOLDER_ONE_OF("use one of: %s"),
    PLACEHOLDER_DID_YOU_MEAN("did you mean {%s}? use one of: %s"),
    INDEX_DID_YOU_MEAN(" (did you mean \"%s\"?)"),
    BY_CASE("by case"),
    BY_A_SMALL_EDIT("by a small edit"),
    DECLARE_SECOND_INDEX("declare it with %s(name = \"%s\")"),
    DECLARE_BOTH_INDEXES("declare both: %s(name = \"%s\") and %s(name = \"%s\")"),

    // ---- indexes
    DECLARE_INDEX("declare it with @Gsi(name = \"%s\") or @Lsi(name = \"%s\") on %s, or use one of: %s"),
    FOR_ENTITY(" for %s"),
    GSI_PARTITION_KEY_FIX("annotate a field with @GsiKey(index = \"%s\") (role PARTITION), or scatter the index with"
            + " @Scatter(index = \"%s\") to partition it by shard number"),
    ANNOTATE_GSI_KEY("annotate a field of %s with @GsiKey(index = \"%s\")"),
    NAME_OVERLOADED_PARTITION_KEY("name its partition-key attribute too: partitionKey = \"%sPK\""),
    OVERLOADED_WITHOUT_PARTITION_TEMPLATE(
            "has no pk template, but the index declares partition key \"%s\": add" + " pk = \"...\""),
    OVERLOADED_WITHOUT_SORT_TEMPLATE(
            "has no sk template, but the index declares sort key \"%s\": add sk = \"...\"" + " (a constant is fine)"),
    OVERLOADED_WITH_SORT_TEMPLATE(
            "has an sk template, but the index declares no sort key: remove sk, or declare" + " sortKey on the @Gsi"),
    OVERLOADED_LSI_WITHOUT_SORT_TEMPLATE(
            "has no sk template, but the index declares sort key \"%s\": add" + " sk = \"...\""),
    FIELD_KEY_ON_OVERLOADED_INDEX("is not allowed: the index declares key attributes (%s) that entities fill from"
            + " templates; put %s on %s"),
    GSI_TEMPLATE_KEY("@GsiKey(index = \"%s\", pk = \"...{%s}...\")"),
    LSI_TEMPLATE_KEY("@LsiKey(index = \"%s\", sk = \"...{%s}...\")"),
    CONSTANT_TEMPLATE("the constant template \"%s\""),
    LOW_CARDINALITY_TEMPLATE("template \"%s\" whose fields have few values"),
    SET_TABLE_SORT_KEY("set @Table(sortKey = \"SK\") on %s"),
    ADD_SORT_KEY("add @SortKey to a field of %s"),
    SECOND_LSI_KEY("a second @LsiKey field, %s (the first is %s)"),
    KEEP_ONE_LSI_KEY("keep one, or declare another @Lsi for it"),
    NO_SORT_KEY("no sort key"),
    ANNOTATE_LSI_KEY("annotate one field of %s with @LsiKey(index = \"%s\")"),
    ANY_ENTITY_OF_TABLE("any entity of table %s"),

    // ---- scatter
    DECLARE_GSI_FIRST("declare a GSI first"),
    SCATTER_ONE_OF("scatter one of its GSIs: %s"),
    NAMES_NO_STORED_FIELD("names no stored field"),
    NAMES_NON_SCALAR("names %s of type %s, which is not a scalar"),
    USES_SHARDS("uses %d"),
    DOES_NOT("does not"),
    HAS_VERSION_FIELD("it has the @Version %s"),
    // ---- AutoValueConflict and AutoValueInKey situations
    NOT_STORED_AUTO_VALUE("the field is not stored: remove one of them"),
    VERSION_AUTO_VALUE("@Version counts writes itself: remove one of them"),
    CONVERTED_AUTO_VALUE("the converter decides the stored form: remove @Convert (Instant and numbers need none)"),
    SECOND_AUTO_VALUE("a field holds one automatic value: use two fields"),
    AUTO_VALUE_BASE_KEY("a base-table key"),
    AUTO_VALUE_INDEX_PARTITION_KEY("the partition key of index \"%s\""),
    AUTO_VALUE_TEMPLATE("rendered into key template \"%s\""),
    AUTO_VALUE_SCATTER("the shard source of @Scatter(index = \"%s\")"),
    AUTO_VALUE_MOVES_ITEM("a put would write a new item instead of replacing the old one"),
    AUTO_VALUE_MOVES_ENTRY("every write would move the item to another partition of the index"),
    AUTO_VALUE_STALE_KEY("a partial update would leave the rendered key attribute stale"),
    MUTABLE_CLASS("it is a mutable class: %s can be set"),

    // ---- converters and field types
    CONVERTER_UNRESOLVED("the converter class did not resolve"),
    CONVERTER_API_MISSING("%s is not on the classpath; add the partita-runtime dependency"),
    CONVERTER_NOT_CONCRETE("%s is not a concrete class; the generated repository creates it with new %s()"),
    CONVERTER_INNER_CLASS("%s is an inner class; make it static"),
    CONVERTER_INACCESSIBLE("%s is not accessible from %s's package; make it public or move it there"),
    CONVERTER_WITHOUT_CONSTRUCTOR("%s has no accessible no-argument constructor; add a public %s()"),
    NOT_A_CONVERTER("%s does not implement AttributeConverter<T>; implement AttributeConverter<%s>"),
    CONVERTER_OF_OTHER_TYPE(
            "%s converts %s, but %s is %s; implement AttributeConverter<%s> or convert a field of type" + " %s"),
    NO_BUILT_IN_CODEC("no built-in codec"),
    NOT_A_MAPPED_TYPE("%s is not a mapped type"),
    ARRAY_NOT_MAPPED("%s: arrays other than byte[] are not mapped; use a List"),
    RAW_MAP_NOT_MAPPED("%s: a raw Map is not mapped"),
    MAP_KEY_NOT_DECLARED("%s: map keys must be declared types"),
    MAP_KEY_NOT_MAPPED("%s: map keys must be String, an enum, UUID, Integer, Long or LocalDate"),
    RAW_CONTAINER_NOT_MAPPED("%s: a raw container type is not mapped"),
    WILDCARD_NOT_MAPPED("%s: wildcard element types are not mapped"),

    // ---- design evolution: what changed
    DESIGN_TABLE_KEY("the key schema of table %s"),
    DESIGN_DISCRIMINATOR_ATTRIBUTE("the discriminator attribute of table %s"),
    DESIGN_INDEX_KEY("the key of index \"%s\" of table %s"),
    DESIGN_ENTITY_TYPE("the discriminator value of %s"),
    DESIGN_KEY_TEMPLATES("the @Key templates of %s"),
    DESIGN_INDEX_TEMPLATES("the key templates of %s for index \"%s\""),
    DESIGN_SCATTER("the @Scatter of %s on index \"%s\""),
    DESIGN_ATTRIBUTE_NAME("the stored attribute of field %s of %s"),
    DESIGN_ATTRIBUTE_TYPE("the stored form of attribute \"%s\" of %s"),
    DESIGN_NONE("none"),
    // ---- design evolution: what it does to stored data
    STRANDS_TABLE_KEY(
            "items stored before keep the old key schema, so the table must be re-created and its items copied"),
    STRANDS_INDEX_KEY(
            "the index holds entries under the old key; a GSI is deleted, created again and backfilled, an LSI exists"
                    + " only with its table"),
    STRANDS_LSI_ADDED("a local secondary index is created only with its table, so the table must be re-created and its"
            + " items copied"),
    STRANDS_DISCRIMINATOR("items stored before carry the old value and would no longer decode"),
    STRANDS_TEMPLATE("items stored before are not found under the new key, and a put would write a second item"),
    STRANDS_SCATTER("entries written before sit under other shard keys, so queries would miss them"),
    STRANDS_ATTRIBUTE("items stored before keep the value under the old name and would read as null"),
    MISREADS_ATTRIBUTE("items stored before hold the old form, which the new mapping would misread"),
    // ---- design evolution: the declarations that carry the data
    MIGRATION_FIX("@Migration(change = Migration.Change.%s) on %s"),
    MIGRATION_TARGET_FIX("@Migration(change = Migration.Change.%s, target = \"%s\") on %s"),
    FORMERLY_FIX("@Attribute(value = \"%s\", formerly = \"%s\") on field %s of %s"),
    // ---- design evolution: removals and deployment steps
    REMOVED_TABLE("table %s"),
    REMOVED_ENTITY("entity %s of table %s"),
    REMOVED_INDEX("index \"%s\" of table %s"),
    REMOVED_ATTRIBUTE("attribute \"%s\" of %s"),
    ANY_TABLE_TYPE("a @Table or @Entity type of the compilation"),
    DID_YOU_MEAN_RENAME(" (did you mean a rename: @Attribute(value = \"%s\", formerly = \"%s\") on field %s?)"),
    ADDED_GSI("index \"%s\" of table %s is new"),
    ADDED_SPARSE_GSI("sparse index \"%s\" of table %s is new"),
    CHANGED_PROJECTION("the projection of index \"%s\" of table %s changed (%s -> %s)"),
    CHANGED_TTL("the time-to-live attribute of table %s changed (%s -> %s)"),
    CHANGED_STREAM("the change stream of table %s changed (%s -> %s)"),
    STEP_CREATE_GSI(
            "UpdateTable creating the index (Create in GlobalSecondaryIndexUpdates), then wait until its backfill is"
                    + " done before querying it"),
    STEP_RECREATE_GSI(
            "a projection is not updated in place: delete the index and create it again with UpdateTable, then wait"
                    + " for its backfill"),
    STEP_UPDATE_TTL(
            "UpdateTimeToLive on table %s (META-INF/partita/%s.update-time-to-live.json; to disable, Enabled false);"
                    + " DynamoDB takes one such change per hour"),
    STEP_UPDATE_STREAM(
            "UpdateTable on table %s with StreamSpecification: to change the view type, disable the stream and enable"
                    + " it again (a new stream; readers of the old one finish it and move on)"),
    // ---- design evolution: why the baseline cannot be read
    BASELINE_MISSING("there is no such file"),
    BASELINE_NOT_JSON("it is not JSON (%s)"),
    BASELINE_NOT_A_DESIGN("it is not a Partita design file of format %d"),
    BASELINE_IO("%s"),

    // ---- processor health
    SUPERCLASS("its superclass %s"),
    FIELD_TYPE("the type %s of field %s"),
    ANNOTATION("the annotation %s"),
    ANNOTATION_VALUE("the value %s of %s"),
    ENTITY_TABLE_CLASS("the table class of its @Entity"),
    POSITIVE_INTEGER_EXPECTED("expected a positive integer; using the default of %d");

    private final String format;

    Phrase(String format) {
        this.format = format;
    }

    /** This phrase with its values (names, numbers, other phrases); rendered where a message uses it. */
    public Text with(Object... args) {
        return new Text(this, args);
    }

    /** A phrase and its values. Renders through {@link #toString()}, so a {@code %s} slot takes it as it is. */
    public static final class Text {
        private final Phrase phrase;
        private final Object[] args;

        private Text(Phrase phrase, Object[] args) {
            this.phrase = phrase;
            this.args = args.clone();
        }

        public Phrase phrase() {
            return phrase;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Text t && t.phrase == phrase && Arrays.equals(t.args, args);
        }

        @Override
        public int hashCode() {
            return 31 * phrase.hashCode() + Arrays.hashCode(args);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, phrase.format, args);
        }
    }
}
