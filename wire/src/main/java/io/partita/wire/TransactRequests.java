package io.partita.wire;

import static io.partita.wire.Input.F_CLIENT_REQUEST_TOKEN;
import static io.partita.wire.Input.F_CONDITION_EXPRESSION;
import static io.partita.wire.Input.F_ITEM;
import static io.partita.wire.Input.F_KEY;
import static io.partita.wire.Input.F_NAMES;
import static io.partita.wire.Input.F_PROJECTION_EXPRESSION;
import static io.partita.wire.Input.F_RETURN_CAPACITY;
import static io.partita.wire.Input.F_RETURN_METRICS;
import static io.partita.wire.Input.F_RETURN_ON_FAILURE;
import static io.partita.wire.Input.F_TABLE_NAME;
import static io.partita.wire.Input.F_UPDATE_EXPRESSION;
import static io.partita.wire.Input.F_VALUES;

import io.partita.storage.api.TransactGetItem;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** TransactWriteItems and TransactGetItems requests: their {@code TransactItems} read, then checked in order. */
final class TransactRequests {
    static final int WRITE_TOP = F_RETURN_CAPACITY | F_RETURN_METRICS | F_CLIENT_REQUEST_TOKEN;
    static final int GET_TOP = F_RETURN_CAPACITY;
    private static final int ACTION = F_TABLE_NAME | F_CONDITION_EXPRESSION | F_NAMES | F_VALUES | F_RETURN_ON_FAILURE;
    private static final int PUT = ACTION | F_ITEM;
    private static final int UPDATE = ACTION | F_KEY | F_UPDATE_EXPRESSION;
    private static final int DELETE = ACTION | F_KEY;
    private static final int GET = F_TABLE_NAME | F_KEY | F_PROJECTION_EXPRESSION | F_NAMES;

    private TransactRequests() {}

    /** One element of {@code TransactItems}: its actions, as read ({@code null}: absent). */
    private record Element(Input put, Input update, Input delete, Input check, Input get) {
        int kinds() {
            return (put != null ? 1 : 0)
                    + (update != null ? 1 : 0)
                    + (delete != null ? 1 : 0)
                    + (check != null ? 1 : 0);
        }
    }

    /** {@code TransactItems} of either call, as read. */
    static final class Items implements Input.Other {
        private final boolean writes;
        List<Element> items;

        Items(boolean writes) {
            this.writes = writes;
        }

        @Override
        public boolean claim(JsonIn in, String name) throws IOException {
            if (!name.equals("TransactItems")) {
                return false;
            }
            items = null;
            if (in.array(name)) {
                items = new ArrayList<>();
                while (in.nextElement()) {
                    if (!in.object(name)) {
                        throw WireException.serialization(
                                "Unexpected value type for " + name + ": expected a structure");
                    }
                    items.add(element(in));
                }
            }
            return true;
        }

        private Element element(JsonIn in) throws IOException {
            Input put = null;
            Input update = null;
            Input delete = null;
            Input check = null;
            Input get = null;
            while (in.nextField()) {
                String name = in.name();
                if (writes && name.equals("Put")) {
                    put = action(in, name, PUT);
                } else if (writes && name.equals("Update")) {
                    update = action(in, name, UPDATE);
                } else if (writes && name.equals("Delete")) {
                    delete = action(in, name, DELETE);
                } else if (writes && name.equals("ConditionCheck")) {
                    check = action(in, name, DELETE);
                } else if (!writes && name.equals("Get")) {
                    get = action(in, name, GET);
                } else {
                    in.skip();
                }
            }
            return new Element(put, update, delete, check, get);
        }

        private static Input action(JsonIn in, String name, int accepted) throws IOException {
            return in.object(name) ? Input.read(in, accepted, null) : null;
        }

        private List<Element> required() {
            if (items == null) {
                throw WireException.missing("transactItems");
            }
            return items;
        }

        TransactWriteItemsRequest writeRequest(Input r) {
            List<TransactWriteItem> actions = new ArrayList<>(required().size());
            for (Element item : items) {
                if (item.kinds() != 1) {
                    throw WireException.validation(
                            "TransactItems can only contain one of Check, Put, Update or Delete");
                }
                actions.add(action(item));
            }
            return new TransactWriteItemsRequest(
                    actions,
                    r.clientRequestToken,
                    ItemRequests.returnConsumedCapacity(r),
                    WireEnums.returnItemCollectionMetrics(r.returnItemCollectionMetrics));
        }

        private static TransactWriteItem action(Element item) {
            if (item.put() != null) {
                Input a = item.put();
                a.checkPlaceholderMaps();
                return new TransactWriteItem.Put(
                        Input.required(a.tableName, "transactItems.member.put.tableName"),
                        Input.required(a.item, "item"),
                        a.conditionExpression,
                        a.names,
                        a.values,
                        onFailure(a));
            }
            if (item.update() != null) {
                Input a = item.update();
                a.checkPlaceholderMaps();
                return new TransactWriteItem.Update(
                        Input.required(a.tableName, "transactItems.member.update.tableName"),
                        Input.required(a.key, "key"),
                        a.updateExpression,
                        a.conditionExpression,
                        a.names,
                        a.values,
                        onFailure(a));
            }
            if (item.delete() != null) {
                Input a = item.delete();
                a.checkPlaceholderMaps();
                return new TransactWriteItem.Delete(
                        Input.required(a.tableName, "transactItems.member.delete.tableName"),
                        Input.required(a.key, "key"),
                        a.conditionExpression,
                        a.names,
                        a.values,
                        onFailure(a));
            }
            Input a = item.check();
            a.checkPlaceholderMaps();
            return new TransactWriteItem.ConditionCheck(
                    Input.required(a.tableName, "transactItems.member.conditionCheck.tableName"),
                    Input.required(a.key, "key"),
                    a.conditionExpression,
                    a.names,
                    a.values,
                    onFailure(a));
        }

        private static boolean onFailure(Input a) {
            return WireEnums.returnValuesOnConditionCheckFailure(a.returnValuesOnConditionCheckFailure);
        }

        TransactGetItemsRequest getRequest(Input r) {
            List<TransactGetItem> gets = new ArrayList<>(required().size());
            for (Element item : items) {
                Input a = item.get();
                if (a == null) {
                    throw WireException.missing("transactItems.member.get");
                }
                a.checkPlaceholderMaps();
                gets.add(new TransactGetItem(
                        Input.required(a.tableName, "transactItems.member.get.tableName"),
                        Input.required(a.key, "key"),
                        a.projectionExpression,
                        a.names));
            }
            return new TransactGetItemsRequest(gets, ItemRequests.returnConsumedCapacity(r));
        }
    }
}
