package io.partita.wire;

import io.partita.storage.value.AttributeValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The members of one data-plane request object (or of one element of a batch or transaction), read straight
 * from the parser into typed fields. Each operation reads only the members it has (its accepted set of
 * {@code F_*} bits): others are skipped unread, as DynamoDB ignores them.
 */
final class Input {
    static final int F_TABLE_NAME = 1;
    static final int F_INDEX_NAME = 1 << 1;
    static final int F_ITEM = 1 << 2;
    static final int F_KEY = 1 << 3;
    static final int F_CONDITION_EXPRESSION = 1 << 4;
    static final int F_UPDATE_EXPRESSION = 1 << 5;
    static final int F_PROJECTION_EXPRESSION = 1 << 6;
    static final int F_KEY_CONDITION_EXPRESSION = 1 << 7;
    static final int F_FILTER_EXPRESSION = 1 << 8;
    static final int F_NAMES = 1 << 9;
    static final int F_VALUES = 1 << 10;
    static final int F_RETURN_VALUES = 1 << 11;
    static final int F_RETURN_CAPACITY = 1 << 12;
    static final int F_RETURN_METRICS = 1 << 13;
    static final int F_RETURN_ON_FAILURE = 1 << 14;
    static final int F_SELECT = 1 << 15;
    static final int F_CONDITIONAL_OPERATOR = 1 << 16;
    static final int F_ATTRIBUTES_TO_GET = 1 << 17;
    static final int F_KEY_CONDITIONS = 1 << 18;
    static final int F_QUERY_FILTER = 1 << 19;
    static final int F_SCAN_FILTER = 1 << 20;
    static final int F_EXPECTED = 1 << 21;
    static final int F_ATTRIBUTE_UPDATES = 1 << 22;
    static final int F_CONSISTENT_READ = 1 << 23;
    static final int F_SCAN_INDEX_FORWARD = 1 << 24;
    static final int F_LIMIT = 1 << 25;
    static final int F_SEGMENT = 1 << 26;
    static final int F_TOTAL_SEGMENTS = 1 << 27;
    static final int F_EXCLUSIVE_START_KEY = 1 << 28;
    static final int F_KEYS = 1 << 29;
    static final int F_CLIENT_REQUEST_TOKEN = 1 << 30;

    /** The members this object reads ({@code F_*}); the others are skipped. */
    private final int accepted;

    /** The accepted members present with a non-null value. */
    private int present;

    String tableName;
    String indexName;
    Map<String, AttributeValue> item;
    Map<String, AttributeValue> key;
    String conditionExpression;
    String updateExpression;
    String projectionExpression;
    String keyConditionExpression;
    String filterExpression;
    Map<String, String> names;
    Map<String, AttributeValue> values;
    String returnValues;
    String returnConsumedCapacity;
    String returnItemCollectionMetrics;
    String returnValuesOnConditionCheckFailure;
    String select;
    String conditionalOperator;
    List<String> attributesToGet;
    Map<String, LegacyEntry> keyConditions;
    Map<String, LegacyEntry> queryFilter;
    Map<String, LegacyEntry> scanFilter;
    Map<String, LegacyEntry> expected;
    Map<String, LegacyEntry> attributeUpdates;
    Boolean consistentRead;
    Boolean scanIndexForward;
    Integer limit;
    Integer segment;
    Integer totalSegments;
    Map<String, AttributeValue> exclusiveStartKey;
    List<Map<String, AttributeValue>> keys;
    String clientRequestToken;

    private Input(int accepted) {
        this.accepted = accepted;
    }

    /** A reader of the members {@code accepted} names ({@code F_*}), to fill with {@link #reader}. */
    static Input accepting(int accepted) {
        return new Input(accepted);
    }

    /** What reads each member: {@code other} first when given, then the accepted members. */
    static JsonIn.Member<Input> reader(Other other) {
        return other != null ? other : OWN_MEMBERS;
    }

    /** Each member read into the input itself: a named class, not a method reference (see ControlRequests.MEMBER). */
    private static final JsonIn.Member<Input> OWN_MEMBERS = new JsonIn.Member<>() {
        @Override
        public void read(Input target, JsonIn in, String name) throws IOException {
            target.member(in, name);
        }
    };

    /**
     * Reads the object the parser stands on (its {@code START_OBJECT}, already checked) up to its end; a member
     * {@code other} does not claim is read here when accepted, skipped otherwise.
     */
    static Input read(JsonIn in, int accepted, Other other) throws IOException {
        return in.forEachMember(new Input(accepted), reader(other));
    }

    /** One member: read when accepted (its presence recorded: JSON {@code null} reads as absent), else skipped. */
    private void member(JsonIn in, String name) throws IOException {
        int bit = bit(name);
        if ((bit & accepted) == 0) {
            in.skip();
            return;
        }
        readMember(in, bit, name);
        if (in.isNull()) {
            present &= ~bit;
        } else {
            present |= bit;
        }
    }

    /** The members one operation reads itself ({@code RequestItems}, {@code TransactItems}) before the others. */
    interface Other extends JsonIn.Member<Input> {
        /** Reads the member {@code name} and answers {@code true}, or answers {@code false} leaving it. */
        boolean claim(JsonIn in, String name) throws IOException;

        @Override
        default void read(Input target, JsonIn in, String name) throws IOException {
            if (!claim(in, name)) {
                target.member(in, name);
            }
        }
    }

    /** Whether none of the members {@code bits} ({@code F_*}) is present. */
    boolean absent(int bits) {
        return (present & bits) == 0;
    }

    /** Whether the member {@code name} is present (not absent, not JSON {@code null}). */
    boolean has(String name) {
        return (present & bit(name)) != 0;
    }

    private static int bit(String name) {
        return switch (name) {
            case "TableName" -> F_TABLE_NAME;
            case "IndexName" -> F_INDEX_NAME;
            case "Item" -> F_ITEM;
            case "Key" -> F_KEY;
            case "ConditionExpression" -> F_CONDITION_EXPRESSION;
            case "UpdateExpression" -> F_UPDATE_EXPRESSION;
            case "ProjectionExpression" -> F_PROJECTION_EXPRESSION;
            case "KeyConditionExpression" -> F_KEY_CONDITION_EXPRESSION;
            case "FilterExpression" -> F_FILTER_EXPRESSION;
            case "ExpressionAttributeNames" -> F_NAMES;
            case "ExpressionAttributeValues" -> F_VALUES;
            case "ReturnValues" -> F_RETURN_VALUES;
            case "ReturnConsumedCapacity" -> F_RETURN_CAPACITY;
            case "ReturnItemCollectionMetrics" -> F_RETURN_METRICS;
            case "ReturnValuesOnConditionCheckFailure" -> F_RETURN_ON_FAILURE;
            case "Select" -> F_SELECT;
            case "ConditionalOperator" -> F_CONDITIONAL_OPERATOR;
            case "AttributesToGet" -> F_ATTRIBUTES_TO_GET;
            case "KeyConditions" -> F_KEY_CONDITIONS;
            case "QueryFilter" -> F_QUERY_FILTER;
            case "ScanFilter" -> F_SCAN_FILTER;
            case "Expected" -> F_EXPECTED;
            case "AttributeUpdates" -> F_ATTRIBUTE_UPDATES;
            case "ConsistentRead" -> F_CONSISTENT_READ;
            case "ScanIndexForward" -> F_SCAN_INDEX_FORWARD;
            case "Limit" -> F_LIMIT;
            case "Segment" -> F_SEGMENT;
            case "TotalSegments" -> F_TOTAL_SEGMENTS;
            case "ExclusiveStartKey" -> F_EXCLUSIVE_START_KEY;
            case "Keys" -> F_KEYS;
            case "ClientRequestToken" -> F_CLIENT_REQUEST_TOKEN;
            default -> 0;
        };
    }

    private void readMember(JsonIn in, int bit, String name) throws IOException {
        if ((bit & STRINGS) != 0) {
            readString(bit, in.string(name));
        } else if ((bit & ITEMS) != 0) {
            readItem(bit, AttributeValues.readMap(in.p));
        } else if ((bit & LEGACY) != 0) {
            readLegacy(in, bit, name);
        } else {
            readOther(in, bit, name);
        }
    }

    private static final int STRINGS = F_TABLE_NAME
            | F_INDEX_NAME
            | F_CONDITION_EXPRESSION
            | F_UPDATE_EXPRESSION
            | F_PROJECTION_EXPRESSION
            | F_KEY_CONDITION_EXPRESSION
            | F_FILTER_EXPRESSION
            | F_RETURN_VALUES
            | F_RETURN_CAPACITY
            | F_RETURN_METRICS
            | F_RETURN_ON_FAILURE
            | F_SELECT
            | F_CONDITIONAL_OPERATOR
            | F_CLIENT_REQUEST_TOKEN;
    private static final int ITEMS = F_ITEM | F_KEY | F_VALUES | F_EXCLUSIVE_START_KEY;
    private static final int LEGACY =
            F_KEY_CONDITIONS | F_QUERY_FILTER | F_SCAN_FILTER | F_EXPECTED | F_ATTRIBUTE_UPDATES;

    private void readString(int bit, String v) {
        switch (bit) {
            case F_TABLE_NAME -> tableName = v;
            case F_INDEX_NAME -> indexName = v;
            case F_CONDITION_EXPRESSION -> conditionExpression = v;
            case F_UPDATE_EXPRESSION -> updateExpression = v;
            case F_PROJECTION_EXPRESSION -> projectionExpression = v;
            case F_KEY_CONDITION_EXPRESSION -> keyConditionExpression = v;
            case F_FILTER_EXPRESSION -> filterExpression = v;
            case F_RETURN_VALUES -> returnValues = v;
            case F_RETURN_CAPACITY -> returnConsumedCapacity = v;
            case F_RETURN_METRICS -> returnItemCollectionMetrics = v;
            case F_RETURN_ON_FAILURE -> returnValuesOnConditionCheckFailure = v;
            case F_SELECT -> select = v;
            case F_CONDITIONAL_OPERATOR -> conditionalOperator = v;
            default -> clientRequestToken = v;
        }
    }

    private void readItem(int bit, Map<String, AttributeValue> v) {
        switch (bit) {
            case F_ITEM -> item = v;
            case F_KEY -> key = v;
            case F_VALUES -> values = v;
            default -> exclusiveStartKey = v;
        }
    }

    private void readLegacy(JsonIn in, int bit, String name) throws IOException {
        switch (bit) {
            case F_KEY_CONDITIONS -> keyConditions = LegacyEntry.readMap(in, name, LegacyEntry.Kind.CONDITION);
            case F_QUERY_FILTER -> queryFilter = LegacyEntry.readMap(in, name, LegacyEntry.Kind.CONDITION);
            case F_SCAN_FILTER -> scanFilter = LegacyEntry.readMap(in, name, LegacyEntry.Kind.CONDITION);
            case F_EXPECTED -> expected = LegacyEntry.readMap(in, name, LegacyEntry.Kind.EXPECTED);
            default -> attributeUpdates = LegacyEntry.readMap(in, name, LegacyEntry.Kind.UPDATE);
        }
    }

    private void readOther(JsonIn in, int bit, String name) throws IOException {
        switch (bit) {
            case F_NAMES -> names = in.stringMap(name);
            case F_ATTRIBUTES_TO_GET -> attributesToGet = in.strings(name);
            case F_CONSISTENT_READ -> consistentRead = in.bool(name);
            case F_SCAN_INDEX_FORWARD -> scanIndexForward = in.bool(name);
            case F_LIMIT -> limit = in.integer(name);
            case F_SEGMENT -> segment = in.integer(name);
            case F_TOTAL_SEGMENTS -> totalSegments = in.integer(name);
            default -> keys = keys(in, name);
        }
    }

    private static List<Map<String, AttributeValue>> keys(JsonIn in, String name) throws IOException {
        if (!in.array(name)) {
            return null;
        }
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        while (in.nextElement()) {
            if (in.isNull()) {
                out.add(null);
            } else {
                out.add(AttributeValues.readMap(in.p));
            }
        }
        return out;
    }

    /** A required item or key: DynamoDB's "Value null at 'item'" when absent. */
    static Map<String, AttributeValue> required(Map<String, AttributeValue> item, String constraint) {
        if (item == null) {
            throw WireException.missing(constraint);
        }
        return item;
    }

    /** A required string member. */
    static String required(String value, String constraint) {
        if (value == null) {
            throw WireException.missing(constraint);
        }
        return value;
    }

    /** DynamoDB refuses an empty {@code ExpressionAttributeNames} or {@code ExpressionAttributeValues} map. */
    void checkPlaceholderMaps() {
        if (names != null && names.isEmpty()) {
            throw WireException.validation("ExpressionAttributeNames must not be empty");
        }
        if (values != null && values.isEmpty()) {
            throw WireException.validation("ExpressionAttributeValues must not be empty");
        }
    }

    boolean consistentRead() {
        return consistentRead != null && consistentRead;
    }
}
