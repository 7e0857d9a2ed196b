package io.partita.wire;

import static io.partita.wire.Input.F_ATTRIBUTES_TO_GET;
import static io.partita.wire.Input.F_CONDITIONAL_OPERATOR;
import static io.partita.wire.Input.F_CONSISTENT_READ;
import static io.partita.wire.Input.F_EXCLUSIVE_START_KEY;
import static io.partita.wire.Input.F_FILTER_EXPRESSION;
import static io.partita.wire.Input.F_INDEX_NAME;
import static io.partita.wire.Input.F_KEY_CONDITIONS;
import static io.partita.wire.Input.F_KEY_CONDITION_EXPRESSION;
import static io.partita.wire.Input.F_LIMIT;
import static io.partita.wire.Input.F_NAMES;
import static io.partita.wire.Input.F_PROJECTION_EXPRESSION;
import static io.partita.wire.Input.F_QUERY_FILTER;
import static io.partita.wire.Input.F_RETURN_CAPACITY;
import static io.partita.wire.Input.F_SCAN_FILTER;
import static io.partita.wire.Input.F_SCAN_INDEX_FORWARD;
import static io.partita.wire.Input.F_SEGMENT;
import static io.partita.wire.Input.F_SELECT;
import static io.partita.wire.Input.F_TABLE_NAME;
import static io.partita.wire.Input.F_TOTAL_SEGMENTS;
import static io.partita.wire.Input.F_VALUES;

import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.Select;

/** Query and Scan requests from their wire members. */
final class PageRequests {
    private static final String[] QUERY_LEGACY = {
        "AttributesToGet", "KeyConditions", "QueryFilter", "ConditionalOperator"
    };
    private static final String[] QUERY_EXPR = {"ProjectionExpression", "FilterExpression", "KeyConditionExpression"};
    private static final String[] SCAN_LEGACY = {"AttributesToGet", "ScanFilter", "ConditionalOperator"};
    private static final String[] SCAN_EXPR = {"ProjectionExpression", "FilterExpression"};

    private static final int PAGE = F_TABLE_NAME
            | F_INDEX_NAME
            | F_FILTER_EXPRESSION
            | F_PROJECTION_EXPRESSION
            | F_ATTRIBUTES_TO_GET
            | F_NAMES
            | F_VALUES
            | F_SELECT
            | F_LIMIT
            | F_EXCLUSIVE_START_KEY
            | F_CONSISTENT_READ
            | F_CONDITIONAL_OPERATOR
            | F_RETURN_CAPACITY;
    static final int QUERY =
            PAGE | F_KEY_CONDITION_EXPRESSION | F_KEY_CONDITIONS | F_QUERY_FILTER | F_SCAN_INDEX_FORWARD;
    static final int SCAN = PAGE | F_SCAN_FILTER | F_SEGMENT | F_TOTAL_SEGMENTS;

    private PageRequests() {}

    static QueryRequest query(Input r) {
        Legacy legacy = Legacy.of(r, QUERY_LEGACY, QUERY_EXPR);
        Legacy.checkConditionalOperator(r, r.queryFilter);
        String projection = legacy.projection(r);
        String keyCondition =
                r.keyConditions != null ? legacy.conditions(r.keyConditions, null, true) : r.keyConditionExpression;
        String filter = r.queryFilter != null
                ? legacy.conditions(r.queryFilter, r.conditionalOperator, false)
                : r.filterExpression;
        Select select = WireEnums.of(r.select, Select.class, "select");
        return new QueryRequest(
                Input.required(r.tableName, "tableName"),
                r.indexName,
                keyCondition,
                filter,
                projection,
                legacy.names(r),
                legacy.values(r),
                select,
                r.limit,
                r.scanIndexForward == null || r.scanIndexForward,
                r.exclusiveStartKey,
                r.consistentRead(),
                ItemRequests.returnConsumedCapacity(r));
    }

    static ScanRequest scan(Input r) {
        Legacy legacy = Legacy.of(r, SCAN_LEGACY, SCAN_EXPR);
        Legacy.checkConditionalOperator(r, r.scanFilter);
        String projection = legacy.projection(r);
        String filter = r.scanFilter != null
                ? legacy.conditions(r.scanFilter, r.conditionalOperator, false)
                : r.filterExpression;
        Select select = WireEnums.of(r.select, Select.class, "select");
        return new ScanRequest(
                Input.required(r.tableName, "tableName"),
                r.indexName,
                filter,
                projection,
                legacy.names(r),
                legacy.values(r),
                select,
                r.limit,
                r.exclusiveStartKey,
                r.consistentRead(),
                r.segment,
                r.totalSegments,
                ItemRequests.returnConsumedCapacity(r));
    }
}
