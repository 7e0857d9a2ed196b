package io.partita.wire;

import static io.partita.wire.Input.F_ATTRIBUTES_TO_GET;
import static io.partita.wire.Input.F_ATTRIBUTE_UPDATES;
import static io.partita.wire.Input.F_CONDITIONAL_OPERATOR;
import static io.partita.wire.Input.F_CONDITION_EXPRESSION;
import static io.partita.wire.Input.F_CONSISTENT_READ;
import static io.partita.wire.Input.F_EXPECTED;
import static io.partita.wire.Input.F_ITEM;
import static io.partita.wire.Input.F_KEY;
import static io.partita.wire.Input.F_NAMES;
import static io.partita.wire.Input.F_PROJECTION_EXPRESSION;
import static io.partita.wire.Input.F_RETURN_CAPACITY;
import static io.partita.wire.Input.F_RETURN_METRICS;
import static io.partita.wire.Input.F_RETURN_ON_FAILURE;
import static io.partita.wire.Input.F_RETURN_VALUES;
import static io.partita.wire.Input.F_TABLE_NAME;
import static io.partita.wire.Input.F_UPDATE_EXPRESSION;
import static io.partita.wire.Input.F_VALUES;

import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.ReturnValues;
import io.partita.storage.api.UpdateItemRequest;

/** The single-item requests (PutItem, GetItem, DeleteItem, UpdateItem) from their wire members. */
final class ItemRequests {
    static final String[] GET_LEGACY = {"AttributesToGet"};
    static final String[] GET_EXPR = {"ProjectionExpression"};
    private static final String[] WRITE_LEGACY = {"Expected", "ConditionalOperator"};
    private static final String[] WRITE_EXPR = {"ConditionExpression"};
    private static final String[] UPDATE_LEGACY = {"AttributeUpdates", "Expected", "ConditionalOperator"};
    private static final String[] UPDATE_EXPR = {"UpdateExpression", "ConditionExpression"};

    private static final int WRITE = F_TABLE_NAME
            | F_CONDITION_EXPRESSION
            | F_NAMES
            | F_VALUES
            | F_RETURN_VALUES
            | F_RETURN_CAPACITY
            | F_RETURN_METRICS
            | F_RETURN_ON_FAILURE
            | F_EXPECTED
            | F_CONDITIONAL_OPERATOR;
    static final int PUT = WRITE | F_ITEM;
    static final int DELETE = WRITE | F_KEY;
    static final int UPDATE = WRITE | F_KEY | F_UPDATE_EXPRESSION | F_ATTRIBUTE_UPDATES;
    static final int GET = F_TABLE_NAME
            | F_KEY
            | F_CONSISTENT_READ
            | F_PROJECTION_EXPRESSION
            | F_ATTRIBUTES_TO_GET
            | F_NAMES
            | F_RETURN_CAPACITY;

    private ItemRequests() {}

    static ReturnConsumedCapacity returnConsumedCapacity(Input r) {
        return WireEnums.of(r.returnConsumedCapacity, ReturnConsumedCapacity.class, "returnConsumedCapacity");
    }

    private static ReturnValues returnValues(Input r) {
        return WireEnums.of(r.returnValues, ReturnValues.class, "returnValues");
    }

    static PutItemRequest put(Input r) {
        Legacy legacy = Legacy.of(r, WRITE_LEGACY, WRITE_EXPR);
        String condition = legacy.condition(r);
        return new PutItemRequest(
                Input.required(r.tableName, "tableName"),
                Input.required(r.item, "item"),
                condition,
                legacy.names(r),
                legacy.values(r),
                returnValues(r),
                returnConsumedCapacity(r),
                WireEnums.returnItemCollectionMetrics(r.returnItemCollectionMetrics),
                WireEnums.returnValuesOnConditionCheckFailure(r.returnValuesOnConditionCheckFailure));
    }

    /**
     * A GetItem without a projection or names (the common one): {@link Legacy} would check nothing and translate
     * nothing, so the request is built without it.
     */
    private static final int GET_TRANSLATED = F_ATTRIBUTES_TO_GET | F_PROJECTION_EXPRESSION | F_NAMES;

    static GetItemRequest get(Input r) {
        if (r.absent(GET_TRANSLATED)
                && r.attributesToGet == null
                && r.projectionExpression == null
                && r.names == null) {
            return new GetItemRequest(
                    Input.required(r.tableName, "tableName"),
                    Input.required(r.key, "key"),
                    r.consistentRead(),
                    null,
                    null,
                    returnConsumedCapacity(r));
        }
        Legacy legacy = Legacy.of(r, GET_LEGACY, GET_EXPR);
        String projection = legacy.projection(r);
        return new GetItemRequest(
                Input.required(r.tableName, "tableName"),
                Input.required(r.key, "key"),
                r.consistentRead(),
                projection,
                legacy.names(r),
                returnConsumedCapacity(r));
    }

    static DeleteItemRequest delete(Input r) {
        Legacy legacy = Legacy.of(r, WRITE_LEGACY, WRITE_EXPR);
        String condition = legacy.condition(r);
        return new DeleteItemRequest(
                Input.required(r.tableName, "tableName"),
                Input.required(r.key, "key"),
                condition,
                legacy.names(r),
                legacy.values(r),
                returnValues(r),
                returnConsumedCapacity(r),
                WireEnums.returnItemCollectionMetrics(r.returnItemCollectionMetrics),
                WireEnums.returnValuesOnConditionCheckFailure(r.returnValuesOnConditionCheckFailure));
    }

    static UpdateItemRequest update(Input r) {
        Legacy legacy = Legacy.of(r, UPDATE_LEGACY, UPDATE_EXPR);
        String update = legacy.update(r);
        String condition = legacy.condition(r);
        return new UpdateItemRequest(
                Input.required(r.tableName, "tableName"),
                Input.required(r.key, "key"),
                update,
                condition,
                legacy.names(r),
                legacy.values(r),
                returnValues(r),
                returnConsumedCapacity(r),
                WireEnums.returnItemCollectionMetrics(r.returnItemCollectionMetrics),
                WireEnums.returnValuesOnConditionCheckFailure(r.returnValuesOnConditionCheckFailure));
    }
}
