package io.partita.storage;

import java.util.MissingFormatArgumentException;

/**
 * The storage core's message catalogue: the text of every error the core reports, in one place. Each
 * constant is a template ({@link String#format} syntax, {@code %s} for each argument); {@link #format}
 * fills it in and {@link #exception} builds the {@link ValidationException} carrying it. Errors of other
 * types take their text from {@link #format}.
 *
 * <p>The texts are DynamoDB's (or DynamoDB-like where DynamoDB's own say too little): clients match them,
 * tests assert them and the DynamoDB-compatible wire protocol returns them, so a change of text is a change
 * of behaviour. The core builds a message only when a check fails, never on the path that passes (the
 * key and value checks run on every key of every request). Sections follow the core's areas; a new area
 * appends its own section at the end. {@code MessageCatalogueTest} keeps the catalogue closed.
 */
public enum Message {
    // ---- request parameters --------------------------------------------------------------------------------
    TableNameNull(
            "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null"),
    ItemNull("1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null"),
    ReturnValuesNotSupported("Return values set to invalid value: %s is not supported by %s (only NONE and ALL_OLD)"),

    // ---- attribute values and items (value/, engine/ItemRules) ------------------------------------------
    StringValueNull("One or more parameter values were invalid: an S value may not be null"),
    SetEmpty("One or more parameter values were invalid: An %s may not be empty"),
    SetDuplicates("Input collection %s of type %s contains duplicates."),
    NumberUnparsable("A value provided cannot be converted into a number: %s"),
    NumberTooPrecise("Attempting to store more than 38 significant digits in a Number"),
    NumberOverflow("Number overflow. Attempting to store a number with magnitude larger than supported range"),
    NumberUnderflow("Number underflow. Attempting to store a number with magnitude smaller than supported range"),
    ItemAttributeNameNull("One or more parameter values were invalid: an item attribute name is null"),
    ItemAttributeValueNull("One or more parameter values were invalid: an item attribute %s has a null value"),
    AttributeNameEmpty("One or more parameter values were invalid: An attribute name may not be empty"),
    AttributeNameTooLarge("Attribute name is too large, must be less than 65536 bytes"),
    AttributeValueNull("One or more parameter values were invalid: the value of attribute %s is null"),
    NestingTooDeep(
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported "
                    + "limit (attribute %s nests more than %s levels of maps and lists)"),
    ItemTooLarge(
            "Item size has exceeded the maximum allowed size: %s bytes, limit %s bytes (attribute names and values count)"),

    // ---- keys and index keys (engine/KeyRules, TableShape) ----------------------------------------------
    KeyMissing("One or more parameter values were invalid: Missing the key %s in the item"),
    KeyTypeMismatch("One or more parameter values were invalid: Type mismatch for key %s expected: %s actual: %s"),
    KeyEmpty(
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty %s value. Key: %s"),
    PartitionKeyTooLarge(
            "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of %s bytes (key %s)"),
    SortKeyTooLarge(
            "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of %s bytes (key %s)"),
    IndexKeyTypeMismatch(
            "One or more parameter values were invalid: Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s"
                    + " (attribute %s is a key of index %s and must be of type %s)"),
    IndexKeyEmpty(
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. "
                    + "The AttributeValue for a key attribute cannot contain an empty %s value."
                    + " IndexName: %s, IndexKey: %s"),
    IndexPartitionKeyTooLarge(
            "One or more parameter values were invalid: Size of index partition key %s of index %s exceeds the limit of %s bytes"),
    IndexSortKeyTooLarge(
            "One or more parameter values were invalid: Size of index sort key %s of index %s exceeds the limit of %s bytes"),
    KeyParameterMissing("One or more parameter values were invalid: the Key parameter is required and must hold %s"),
    KeySchemaMismatch("The provided key element does not match the schema: table %s has key %s, the request gave %s"),
    KeyAttributeUpdated(
            "One or more parameter values were invalid: Cannot update attribute %s. This attribute is part of the key"),

    // ---- table definitions (schema/, engine/Schemas) -----------------------------------------------------
    InvalidTableOrIndexName("Invalid table/index name.  Table/index names must be between 3 and 255 characters long, "
            + "and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.' (got %s)"),
    KeyAttributeNameLength(
            "One or more parameter values were invalid: key attribute names must be 1 to 255 characters long, got %s"),
    KeyAttributeType("One or more parameter values were invalid: key attribute %s must be of type S, N or B, got %s"),
    NoPartitionKey("One or more parameter values were invalid: No partition key (HASH) is defined for table %s"),
    HashAndRangeKeySameName(
            "One or more parameter values were invalid: Both the Hash Key and the Range Key element in the KeySchema have "
                    + "the same name: %s"),
    AttributeTwoTypes(
            "One or more parameter values were invalid: Attribute %s is defined with two types, %s and %s; a table has one "
                    + "attribute definition per name"),
    TooManyLsis(
            "One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of %s "
                    + "(local secondary indexes can only be created with the table)"),
    LsiOnHashTable(
            "One or more parameter values were invalid: Local Secondary indices are not allowed on hash tables, only hash and range tables"),
    LsiWithoutSortKey("One or more parameter values were invalid: Local secondary index %s needs a sort key"),
    TooManyGsis(
            "One or more parameter values were invalid: Number of GlobalSecondaryIndexes exceeds per-table limit of %s"),
    GsiPartitionKeyParts(
            "One or more parameter values were invalid: Global secondary index %s must have 1 to %s partition key attributes, got %s"),
    GsiSortKeyParts(
            "One or more parameter values were invalid: Global secondary index %s may have at most %s sort key attributes, got %s"),
    GsiKeyAttributeTwice(
            "One or more parameter values were invalid: Global secondary index %s uses attribute %s twice in its key schema"),
    DuplicateIndexName("One or more parameter values were invalid: Duplicate index name: %s"),
    IncludeWithoutAttributes(
            "One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified for index %s"),
    NonKeyAttributeTwice("One or more parameter values were invalid: Index %s lists a NonKeyAttribute twice: %s"),
    NonKeyAttributesNotAllowed(
            "One or more parameter values were invalid: ProjectionType is %s, but NonKeyAttributes is specified for index %s"),
    TooManyProjectedAttributes(
            "One or more parameter values were invalid: Number of projected attributes in all indexes exceeds limit of %s, "
                    + "provided: %s"),
    CapacityUnitsTooLow(
            "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be at least 1 "
                    + "(%s has %s read / %s write units)"),

    // ---- tables and indexes (engine/Catalog) ----------------------------------------------------------------
    TableExists("Table already exists: %s"),
    TableNotFound("Requested resource not found: Table: %s not found"),
    IndexNotFound("Requested resource not found: Index: %s of table %s not found"),

    // ---- writes (engine/ItemWrites, Mutation) ---------------------------------------------------------------
    ConditionalCheckFailed("The conditional request failed"),
    ItemCollectionTooLarge(
            "Collection size exceeded: the item collection of %s = %s in table %s would grow to %s bytes, over its limit of "
                    + "%s bytes (tables with local secondary indexes limit each partition key value's items and LSI entries)"),

    // ---- Query and Scan (engine/Reads) -----------------------------------------------------------------------
    GsiConsistentRead("Consistent reads are not supported on global secondary indexes"),
    KeyConditionRequired(
            "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."),
    NoSuchIndex("The table does not have the specified index: %s"),
    IndexBackfilling("Cannot read from backfilling global secondary index: %s"),
    KeyInFilter("Filter Expression can only contain non-primary key attributes: Primary key attribute: %s "
            + "(put conditions on key attributes into the KeyConditionExpression)"),
    StartKeyInvalid("The provided starting key is invalid: %s"),
    StartKeyOutsideRange("The provided starting key is invalid: it lies outside the range of the key condition"),
    StartKeySize("The provided starting key is invalid: Exclusive Start Key must have same size as table's key schema "
            + "(expected %s attributes, got %s)"),
    StartKeyMissingIndexKey("missing index key attribute"),
    StartKeyOtherSegment(
            "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with "
                    + "correct Segment. TotalSegments: %s Segment: %s"),
    SegmentRequired(
            "The Segment parameter is required but was not present in the request when parameter TotalSegments is present"),
    TotalSegmentsRequired(
            "The TotalSegments parameter is required but was not present in the request when Segment parameter is present"),
    TotalSegmentsRange(
            "1 validation error detected: Value '%s' at 'totalSegments' failed to satisfy constraint: Member must have value "
                    + "%s"),
    SegmentNegative(
            "1 validation error detected: Value '%s' at 'segment' failed to satisfy constraint: Member must have value "
                    + "greater than or equal to 0"),
    SegmentRange(
            "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: %s is not less than "
                    + "TotalSegments: %s"),
    LimitRange(
            "1 validation error detected: Value '%s' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"),
    ProjectionWithSelect("Cannot specify the ProjectionExpression when choosing to get %s"),
    SpecificAttributesWithoutProjection(
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"),
    AllProjectedWithoutIndex("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"),
    GsiSelectAllAttributes(
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary "
                    + "index %s because its projection type is not ALL"),
    GsiDoesNotProject("One or more parameter values were invalid: Global secondary index %s does not project %s"),
    IndexDoesNotProjectFilter(
            "One or more parameter values were invalid: Secondary index %s does not project one or more filter attributes: %s"),

    // ---- key conditions (engine/KeyRange) --------------------------------------------------------------------
    KeyConditionNotKey(
            "Query key condition not supported: %s is not a key attribute of the table or index queried (key: %s)"),
    KeyConditionTwice("KeyConditionExpressions must only contain one condition per key (%s)"),
    KeyConditionMissingPartitionKey("Query condition missed key schema element: %s"),
    KeyConditionPartitionOperator(
            "Query key condition not supported: the partition key attribute %s takes only '=', got %s"),
    KeyConditionSortKeyGap(
            "Query key condition not supported: sort key attribute %s is used without %s; multi-attribute sort keys take "
                    + "conditions on their attributes in order, from the first"),
    KeyConditionRangeNotLast(
            "Query key condition not supported: only the last sort key attribute given may take a range condition; "
                    + "%s uses %s but is followed by %s"),
    KeyConditionBetweenOrder(
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower "
                    + "bound; lower operand: AttributeValue: %s, upper operand: AttributeValue: %s"),
    KeyConditionBeginsWithNumber(
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: "
                    + "begins_with, operand type: N"),
    KeyConditionType("One or more parameter values were invalid: Condition parameter type does not match schema type "
            + "(%s is %s, the condition gives %s)"),

    // ---- batches (engine/Batches) ----------------------------------------------------------------------------
    RequestItemsEmpty(
            "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Member must have length greater "
                    + "than or equal to 1"),
    BatchGetTooManyKeys("Too many items requested for the BatchGetItem call: %s, at most %s"),
    BatchGetKeysEmpty(
            "1 validation error detected: Value at 'requestItems.%s.member.keys' failed to satisfy constraint: Member must have "
                    + "length greater than or equal to 1"),
    BatchWriteTooManyWrites(
            "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Map value must satisfy "
                    + "constraint: [Member must have length less than or equal to 25] (got %s writes)"),
    BatchWriteTableEmpty(
            "1 validation error detected: Value '{%s=[]}' at 'requestItems' failed to satisfy constraint: Map value must "
                    + "satisfy constraint: [Member must have length less than or equal to 25, Member must have length "
                    + "greater than or equal to 1]"),
    DuplicateKeys("Provided list of item keys contains duplicates"),
    BatchGetAllThrottled(
            "None of the %s keys of the BatchGetItem could be read: every table or partition they read lacks read capacity "
                    + "(retry with exponential backoff)"),
    BatchWriteAllThrottled(
            "None of the %s writes of the BatchWriteItem could be processed: every table, index or partition they write "
                    + "lacks write capacity (retry with exponential backoff)"),

    // ---- transactions (engine/Transactions) ------------------------------------------------------------------
    TransactItemsCount(
            "1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less "
                    + "than or equal to %s and greater than or equal to 1"),
    ConditionCheckWithoutCondition("The ConditionExpression of a ConditionCheck action is required"),
    TransactionSameItem("Transaction request cannot include multiple operations on one item"),
    TransactionTooLarge("Transaction payload size cannot exceed 4MB. Payload Size: %s"),
    ClientRequestTokenTooShort(
            "1 validation error detected: Value '%s' at 'clientRequestToken' failed to satisfy constraint: Member must "
                    + "have length greater than or equal to %s"),
    ClientRequestTokenTooLong(
            "1 validation error detected: Value '%s' at 'clientRequestToken' failed to satisfy constraint: Member must "
                    + "have length less than or equal to %s"),
    TransactionCancelled("Transaction cancelled, please refer cancellation reasons for specific reasons %s"),

    // ---- throughput model (engine/TokenBucketThroughput): the first sentence of each throttling error ------
    TableThroughputExceeded(
            "The level of configured provisioned throughput for the table was exceeded. Consider increasing your "
                    + "provisioning level with the UpdateTable API."),
    IndexThroughputExceeded(
            "The level of configured provisioned throughput for one or more global secondary indexes of the table was "
                    + "exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the "
                    + "UpdateTable API."),
    TableThrottled(
            "Throughput exceeds the current capacity of your table or index. If exceptions persist, check if you have a hot key."),
    IndexThrottled("Throughput exceeds the current capacity for one or more global secondary indexes."),
    HotPartition(
            "Throughput exceeds the current capacity of your table or index: the request rate to one partition key value is too high "
                    + "(a hot key)."),

    // ---- expressions (expression/): "Invalid <parameter>: " and the rule, as DynamoDB words them -------------
    ExpressionEmpty("Invalid %s: The expression can not be empty;"),
    ExpressionTooLarge("Invalid %s: Expression size has exceeded the maximum allowed size; expression size: %s"),
    ExpressionSyntax("Invalid %s: Syntax error; token: \"%s\", near: \"%s\""),
    ExpressionNestedTooDeeply("Invalid %s: The expression is nested too deeply; maximum nesting depth: %s"),
    ExpressionTooManyOperators("Invalid %s: The expression contains too many operators; operator count: %s"),
    ExpressionPathTooDeep("Invalid %s: The document path has too many nesting levels; nesting levels: %s"),
    ExpressionReservedWord("Invalid %s: Attribute name is a reserved keyword; reserved keyword: %s"),
    ExpressionRedundantParentheses("Invalid %s: The expression has redundant parentheses;"),
    ExpressionTooManyInOperands(
            "Invalid %s: The IN operator is provided with too many operands; number of operands: %s"),
    ExpressionOperandType(
            "Invalid %s: Incorrect operand type for operator or function; operator or function: %s, operand type: %s"),
    ExpressionBetweenTypes(
            "Invalid %s: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: "
                    + "AttributeValue: %s, upper bound operand: AttributeValue: %s"),
    ExpressionBetweenOrder(
            "Invalid %s: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                    + "lower bound operand: AttributeValue: %s, upper bound operand: AttributeValue: %s"),
    ExpressionOperandsNotDistinct(
            "Invalid %s: The first operand must be distinct from the remaining operands for this operator or "
                    + "function; operator: %s, first operand: %s"),
    ExpressionUnknownFunction("Invalid %s: Invalid function name; function: %s"),
    ExpressionFunctionNotInCondition("Invalid %s: The function is not allowed in a condition expression; function: %s"),
    ExpressionFunctionNotInUpdate("Invalid %s: The function is not allowed in an update expression; function: %s"),
    ExpressionFunctionArity(
            "Invalid %s: Incorrect number of operands for operator or function; operator or function: %s, number of "
                    + "operands: %s"),
    ExpressionFunctionNeedsPath("Invalid %s: Operator or function requires a document path; operator or function: %s"),
    ExpressionFunctionMisused(
            "Invalid %s: The function is not allowed to be used this way in an expression; function: %s"),
    ExpressionAttributeTypeName(
            "Invalid %s: Invalid attribute type name found; type: %s, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"),
    ExpressionUpdateSectionTwice("Invalid %s: The \"%s\" section can only be used once in an update expression;"),
    ExpressionUpdateOperandType(
            "Invalid %s: Incorrect operand type for operator or function; operator: %s, operand type: %s"),
    ExpressionPlaceholder("Invalid %s: %s"),
    /** The first argument is the whole "Invalid <parameter>: " prefix. */
    ExpressionPathsConflict(
            "%sTwo document paths %s with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"),
    KeyConditionOperator("Invalid KeyConditionExpression: Invalid operator used in KeyConditionExpression: %s"),
    KeyConditionInvalid("Invalid KeyConditionExpression: Invalid condition in KeyConditionExpression"),
    KeyConditionLeftOperand(
            "Invalid KeyConditionExpression: The left operand of a key condition must be an attribute name; operator: %s"),
    KeyConditionNestedAttribute(
            "Invalid KeyConditionExpression: Nested attributes are not supported in a key condition; attribute: %s"),
    KeyConditionRightOperand(
            "Invalid KeyConditionExpression: The right operand of a key condition must be an expression attribute value; "
                    + "operator: %s"),
    KeyConditionOnePerKey("KeyConditionExpressions must only contain one condition per key"),
    UpdateOperandWrongType("An operand in the update expression has an incorrect data type"),
    UpdateOperandMissing("The provided expression refers to an attribute that does not exist in the item"),
    UpdatePathInvalid("The document path provided in the update expression is invalid for update"),
    PlaceholderNameKey("ExpressionAttributeNames contains invalid key: Syntax error; key: \"%s\""),
    PlaceholderNameEmpty("ExpressionAttributeNames contains invalid value: Empty attribute name for key %s"),
    PlaceholderValueKey("ExpressionAttributeValues contains invalid key: Syntax error; key: \"%s\""),
    PlaceholderNameUndefined(
            "An expression attribute name used in the document path is not defined; attribute name: %s"),
    PlaceholderValueUndefined("An expression attribute value used in expression is not defined; attribute value: %s"),
    PlaceholderNamesUnused("Value provided in ExpressionAttributeNames unused in expressions: keys: {%s}"),
    PlaceholderValuesUnused("Value provided in ExpressionAttributeValues unused in expressions: keys: {%s}"),
    KeyAttributeDereferenced(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: %s: %s"),

    // ---- the durable store (engine/Disk*): its directory, files and disk -------------------------------------
    StoreEngineMissing(
            "Cannot open the store directory %s: the durable engine needs RocksDB on the class path, which Partita declares optional; add the dependency org.rocksdb:rocksdbjni:%s (missing class: %s)"),
    StoreDirectoryCreateFailed("Cannot create the store directory %s: %s"),
    StoreLockFileFailed("Cannot open or lock the lock file %s: %s"),
    StoreOpenInThisJvm(
            "The store directory %s is already open in this JVM (lock file %s); close the other instance first"),
    StoreLockedByProcess(
            "The store directory %s is in use by another process (it holds the lock on %s); one process at a time opens a directory"),
    StoreLockedByEngine("The store directory %s is locked by another process or instance (%s)"),
    StoreMarkerMissing(
            "The store directory %s has a %s/ directory but no %s file: the marker is missing (restore it only if you know the directory's format version)"),
    StoreNotAStore(
            "The directory %s is not a Partita store (it holds %s and no %s); this Partita reads and writes format version %s"),
    StoreInitFailed("Cannot initialise the store directory %s: %s"),
    StoreMarkerUnreadable("Cannot read the format marker %s: %s"),
    StoreMarkerCorrupt("The format marker %s is corrupt: expected '%s', found '%s'"),
    StoreFormatNewer(
            "The store in %s has format version %s; this Partita reads and writes format version %s (written by a newer Partita: open it with that version)"),
    StoreFormatOlder(
            "The store in %s has format version %s; this Partita reads and writes format version %s (written by an older Partita)"),
    StoreCorrupt("The store in %s is corrupt or incomplete%s (%s); nothing is served from it: restore a backup"),
    StoreEntryUndecodable(
            "The store in %s holds an undecodable entry under key %s: %s; nothing is served from it: restore a backup"),
    StoreCatalogueCorrupt(
            "The catalogue record of table %s in %s is corrupt (%s); nothing is served from the store: restore a backup"),
    StoreIoFailed("The store in %s failed to %s: %s"),
    StoreDiskFull(
            "The store in %s failed to %s: %s (the disk is full: the write was not applied; earlier data is intact)"),
    StoreBackupFailed("Cannot write the backup %s: %s"),

    // ---- time to live (engine/TimeToLive, Catalog) -----------------------------------------------------------
    TimeToLiveAlreadyEnabled("TimeToLive is already enabled"),
    TimeToLiveAlreadyDisabled("TimeToLive is already disabled"),
    TimeToLiveOtherAttribute("TimeToLive is active on a different AttributeName: current AttributeName is %s"),
    TimeToLiveAttributeNameLength(
            "1 validation error detected: Value '%s' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length between 1 and 255"),

    // ---- streams (engine/Streams, StreamData) --------------------------------------------------------------
    StreamAlreadyEnabled("Table already has an enabled stream: TableName: %s"),
    StreamNotEnabled("Table has no stream to disable: TableName: %s"),
    StreamViewTypeMissing(
            "One or more parameter values were invalid: StreamViewType is required when StreamEnabled is true (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES)"),
    StreamParameterNull(
            "1 validation error detected: Value null at '%s' failed to satisfy constraint: Member must not be null"),
    StreamLimitTooSmall(
            "1 validation error detected: Value '%s' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"),
    StreamLimitTooLarge(
            "1 validation error detected: Value '%s' at 'limit' failed to satisfy constraint: Member must have value less than or equal to %s"),
    StreamNotFound("Requested resource not found: Stream: %s not found"),
    ShardNotFound("Requested resource not found: Shard: %s in Stream: %s not found"),
    ShardIteratorInvalid("Invalid ShardIterator: %s is not a shard iterator of this core"),
    SequenceNumberRequired("A SequenceNumber is required with ShardIteratorType %s"),
    SequenceNumberNotAllowed("A SequenceNumber is not allowed with ShardIteratorType %s (got %s)"),
    SequenceNumberInvalid("Invalid SequenceNumber: %s is not a sequence number of shard %s (its range is %s to %s)"),
    StreamDataTrimmed(
            "The operation attempted to read past the oldest stream record in a shard: records of shard %s up to sequence number %s are trimmed (older than 24 hours)"),
    ShardIteratorExpired(
            "The shard iterator has expired and can no longer be used to retrieve stream records: it was returned at %s, and a shard iterator expires 15 minutes after it is returned (now %s)"),
    StreamsUnsupported("%s does not serve DynamoDB Streams");

    private final String template;

    Message(String template) {
        this.template = template;
    }

    /** The template, with a {@code %s} where each argument goes. */
    public String template() {
        return template;
    }

    /** The message with {@code args} filled in (each as {@link String#valueOf(Object)} would write it). */
    public String format(Object... args) {
        return args.length == 0 ? template : fill(template, args);
    }

    /**
     * A {@link ValidationException} carrying this message; build it only when the check has failed. Declared as
     * {@code RuntimeException} so that a {@code throw Message.X.exception(..)} does not make the JVM's verifier load
     * {@code ValidationException} (and {@code StorageException}) when it checks the throwing class: in a fresh JVM
     * that is ≈0.4 ms per class on the first put and get, spent even when nothing fails (issue 14).
     */
    public RuntimeException exception(Object... args) {
        return new ValidationException(format(args));
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
