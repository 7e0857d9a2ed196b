package io.partita.internal;

import java.util.MissingFormatArgumentException;

/**
 * The catalogue of every message the runtime puts in an exception a user sees: the constant name is a stable
 * id, the template a {@link String#format} pattern whose {@code %s} take the arguments in order. Call sites
 * pass values only; {@code MessageCatalogueTest} fails when an inline message literal appears outside this file.
 * The texts are part of the contract (tests assert them): change one only on purpose.
 */
public enum RuntimeMessage {
    // ---- the user API (io.partita)
    BackupNeedsDurable("backup needs a durable database (Partita.open(Path)); this one runs on %s"),
    VersionedBatchWrite("%s: entities with a @Version field cannot be batch-written (a batch cannot check versions);"
            + " use put() or a transaction"),
    WritesStillUnprocessed("%s writes were still unprocessed after %s attempts"),
    InValueCount("IN takes 1 to 100 values, got %s"),
    CursorPositionEmpty("a cursor position needs a non-empty key"),
    CursorOfScatteredQuery("This cursor belongs to a scattered query over %s shards, not to a single-partition query"),
    CursorNotBase64("Not a Partita cursor (not URL-safe base64): %s"),
    CursorWrongVersion("Not a Partita cursor (version %s): %s"),
    CursorWithoutPositions("Not a Partita cursor (no positions): %s"),
    NotACursor("Not a Partita cursor: %s"),
    CursorNotEncodable("cannot encode cursor"),
    NamePlaceholderBoundTwice("Expression name placeholder %s is bound to both '%s' and '%s'"),
    ValuePlaceholderBoundTwice("Expression value placeholder %s is bound to both %s and %s"),
    ConditionValueNotStorable(
            "A condition on %s needs a value with a stored form, got %s; use notExists() to test for absence"),
    ConcurrencyOutOfRange("concurrency must be 1 to 1000, got %s"),
    MissingIndexKey("%s.%s is null, but it is part of the key of index %s (attribute %s) and is not @Sparse;"
            + " nothing was written. Set the field, or mark it @Sparse to leave such items out of %s."),
    TransactGetTooManyKeys("A transactional read takes at most %s keys, got %s"),
    KeysStillUnprocessed("%s keys were still unprocessed after %s attempts"),
    MaxAttemptsBelowOne("maxAttempts must be at least 1, got %s"),
    NegativeDelay("delays must not be negative"),
    InterruptedBackingOffRequest("interrupted while backing off a throttled request"),
    TransactionAlreadyCommitted("This transaction was already committed"),
    TransactionTooManyActions("A transaction holds at most %s actions"),
    NonPositiveDemand("a subscription's request(n) needs n > 0 (Flow rule 3.9), got %s"),
    DesignMismatches("The deployed tables differ from the compiled design in %s place(s):\n%s"),
    // ---- import/export (io.partita.io)
    ImportLine("line %s: %s"),
    ImportInvalidJson("not valid JSON: %s"),
    ImportNotAnExportLine("expected an export line {\"Item\":{...}}, got %s"),
    ImportNotAnItemObject("expected an item object in the array, got %s"),
    ImportContentAfterArray("unexpected content after the array"),
    ImportItemWithoutAttributes("the item has no attributes"),
    ItemsStillUnprocessed("%s items were still unprocessed after %s attempts"),
    InterruptedBackingOffItems("interrupted while backing off unprocessed items"),
    // ---- mapping (io.partita.mapping)
    UnknownCodecKind("codec kind %s"),
    WrongAttributeType("expected %s, got %s"),
    EpochSecondsOutOfRange("%s epoch seconds is outside the range of java.time.Instant"),
    UnknownEnumConstant("unknown enum constant '%s', expected one of %s"),
    NestedNotAMap("expected an M for nested %s, got %s"),
    NotASingleCharacter("expected a single character, got \"%s\""),
    NumberNotFinite("DynamoDB numbers cannot be NaN or infinite, got %s"),
    NotAList("expected L, got %s"),
    NullSetElement("a set stored as %sS cannot hold null"),
    SetElementNotStorable("set element %s has no stored form"),
    NotASet("expected a set (SS, NS, BS or L), got %s"),
    NullMapKey("map keys cannot be null"),
    NotAMap("expected M, got %s"),
    JsonNotAnItem("expected a JSON object of attribute values, got %s"),
    JsonNotAnAttributeValue("expected a one-field object like {\"S\": \"...\"}, got %s"),
    JsonUnknownAttributeType("unknown attribute type '%s' in %s"),
    AttributeMappedTwice("%s maps attribute '%s' twice"),
    MappingMembersMissing(
            "the mapping of %s names index-key fields or computed attributes by number but has no members (call members(...) first)"),
    JsonUnreadableBinary("unreadable binary node"),
    JsonPojoNode("POJO nodes are not supported; convert them to a tree first"),
    NaNInSortedKey("NaN has no place in a sorted key"),
    NoOrderPreservingForm("%s has no order-preserving text form"),
    CannotWriteField("Cannot write %s.%s = %s: %s"),
    CannotReadAttribute("Cannot read attribute '%s' of %s from %s: %s"),
    NoCanonicalRendering("No canonical key rendering for %s (a @Scatter 'by' field must be a scalar key type)"),
    ShardsNotPositive("shards must be positive, got %s"),
    // ---- repository support (io.partita.repository)
    CreateTableNotPrintable("cannot print the CreateTable request of %s"),
    KeyAttributeTypeConflict("Key attribute %s is declared as both %s and %s"),
    MissingTableKey(
            "%s: table key attribute %s of %s is missing (its field is null or renders no value); nothing was written"),
    UpdateOfTableKey("%s: cannot update %s, it is part of the table key of %s"),
    UpdateOfDiscriminator("%s: cannot update the discriminator attribute %s"),
    UpdateOfComputedSource("%s: cannot update %s in place, the computed attribute %s is rendered from it;"
            + " put the whole entity instead"),
    NoSuchIndex("Table %s has no index named %s"),
    NoSortKey("%s has no sort key"),
    KeyOfOtherTable("Key %s belongs to table %s, not %s"),
    VersionNotWholeNumber("%s: @Version attribute %s must be a whole number, got %s"),
    InterruptedGathering("interrupted while gathering shards"),
    CursorShardCountMismatch("This cursor holds %s shard positions; the query has %s shards"),
    GatherQueryShardFailed("Shard %s of %s (%s = %s) of a gather query on %s%s failed: %s"),
    GatherCountShardFailed("Shard %s of %s (%s = %s) of a gather count on %s%s failed: %s"),
    SegmentsOutOfRange("segments must be 1 to %s, got %s"),
    ScanSegmentFailed("Segment %s of %s of a parallel scan of %s failed: %s"),
    SortKeyPartAfterRange("sort-key part %s comes after the range condition on %s"),
    ScatterWithoutShards("a scattered query needs at least one shard"),
    LimitNotPositive("limit must be positive, got %s"),
    SecondSortKeyCondition("This query already has a sort-key condition (%s)"),
    NullKeyValue("key attribute %s needs a value, got null"),
    QueryWithoutPartitionKey("a query needs its partition key"),
    BetweenBoundsReversed("between: the low end %s is above the high end %s"),
    TemplatePartWithoutValue("key template part of %s needs a value, got %s"),
    AddOnWrongType("add() works on numbers and sets; %s is stored as %s"),
    RemoveElementsOnWrongType("removeElements() works on sets; %s is stored as %s"),
    NoVersionField("%s has no @Version field"),
    EmptyUpdate("Nothing to update: call set, add, remove or removeElements first"),
    UpdateOfVersion("The @Version attribute %s is maintained by Partita; use expectVersion()"),
    AttributeUpdatedTwice("Attribute %s is already part of this update"),

    // ---- change feeds (io.partita.feed)
    NotACheckpoint("Not a Partita checkpoint (it starts with \"%s\" ... ): %s"),
    CheckpointBadShard("Not a Partita checkpoint: %s; its part \"%s\" is not <shard id>=<position>"),
    CheckpointBadToken("A checkpoint's stream ARN and shard ids are non-empty and hold no space or '=': \"%s\""),
    CheckpointBadPosition(
            "The checkpoint position of shard %s is \"%s\"; a position is a sequence number, END or START"),
    CheckpointOfOtherStream("This checkpoint is in stream %s, but table %s's stream is %s (the stream was disabled and"
            + " enabled again since): open the feed at TRIM_HORIZON instead"),
    NoChangeStream("Table %s has no change stream: declare @ChangeStream on its entity (or its shared-table interface)"
            + " and create the table with it, or enable the stream with UpdateTable"),
    FeedClosed("This change feed of table %s is closed"),
    FeedSubscribed("This change feed of table %s is owned by a subscription: read it through the handler"),
    HandlerFailed("The change handler of table %s failed %s time(s) on the batch starting at sequence number %s;"
            + " the subscription stopped (its checkpoint is before that batch): %s"),
    SubscribeOptionOutOfRange("%s must be %s, got %s"),

    // ---- io.partita.migration
    MigrationEntityOfOtherTable("entity %s maps to table %s, not to the plan's table %s"),
    MigrationOptionOutOfRange("migration option %s is out of range: %s"),
    MigrationBackfillTimeout("index %s of table %s was not ACTIVE (backfilled) within %s"),
    MigrationInterrupted("interrupted while migrating"),
    MigrationFailed("migration %s failed: %s"),
    MigrationCopyIntoItself("a migration copies table %s into a new table: name another table than %s");

    private final String template;

    RuntimeMessage(String template) {
        this.template = template;
    }

    /** The {@link String#format} pattern. */
    public String template() {
        return template;
    }

    /** The message with {@code args} in place of the {@code %s}s (locale-independent). */
    public String format(Object... args) {
        return fill(template, args);
    }

    /**
     * An {@link UnsupportedOperationException} with this message. Declared as {@code RuntimeException}: a
     * {@code throw new UnsupportedOperationException(..)} makes the verifier load that class when it checks the
     * throwing class, on the cold-start path (issue 14); a call to this method does not.
     */
    public RuntimeException unsupported(Object... args) {
        return new UnsupportedOperationException(format(args));
    }

    /**
     * {@code String.format(Locale.ROOT, template, args)} for templates whose only specifiers are {@code %s} and {@code %%}, without
     * {@link java.util.Formatter} (which compiles a regular expression on its first use: ≈35 classes on a cold
     * start's first error message, such as the "table not found" a repository's open probes for).
     */
    private static String fill(String template, Object[] args) {
        StringBuilder out = new StringBuilder(template.length() + 16 * args.length);
        int next = 0;
        int from = 0;
        for (int at = template.indexOf('%'); at >= 0 && at + 1 < template.length(); at = template.indexOf('%', from)) {
            char conversion = template.charAt(at + 1);
            out.append(template, from, at);
            if (conversion == 's') {
                if (next == args.length) {
                    throw new MissingFormatArgumentException("%" + conversion);
                }
                out.append(args[next++]);
            } else {
                out.append(conversion == '%' ? "%" : template.substring(at, at + 2));
            }
            from = at + 2;
        }
        return out.append(template, from, template.length()).toString();
    }
}
