package io.partita.wire;

import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.UpdateItemRequest;

/**
 * The data-plane requests, read from their JSON bodies straight into the core's request records. The whole
 * body is read first (JSON that is malformed or of the wrong shape: {@code SerializationException}); then the
 * members are checked and legacy parameters translated in DynamoDB's order ({@code ValidationException}). An
 * empty body reads as an empty object.
 */
public final class Requests {
    private Requests() {}

    /** The body's members that {@code accepted} names, and those {@code other} reads. */
    private static Input read(byte[] body, int offset, int length, int accepted, Input.Other other) {
        return JsonIn.readRequest(body, offset, length, Input.accepting(accepted), Input.reader(other));
    }

    public static PutItemRequest putItem(byte[] body, int offset, int length) {
        return ItemRequests.put(read(body, offset, length, ItemRequests.PUT, null));
    }

    public static GetItemRequest getItem(byte[] body, int offset, int length) {
        return ItemRequests.get(read(body, offset, length, ItemRequests.GET, null));
    }

    public static DeleteItemRequest deleteItem(byte[] body, int offset, int length) {
        return ItemRequests.delete(read(body, offset, length, ItemRequests.DELETE, null));
    }

    public static UpdateItemRequest updateItem(byte[] body, int offset, int length) {
        return ItemRequests.update(read(body, offset, length, ItemRequests.UPDATE, null));
    }

    public static QueryRequest query(byte[] body, int offset, int length) {
        return PageRequests.query(read(body, offset, length, PageRequests.QUERY, null));
    }

    public static ScanRequest scan(byte[] body, int offset, int length) {
        return PageRequests.scan(read(body, offset, length, PageRequests.SCAN, null));
    }

    public static BatchGetItemRequest batchGetItem(byte[] body, int offset, int length) {
        BatchRequests.Gets gets = new BatchRequests.Gets();
        return gets.request(read(body, offset, length, BatchRequests.TOP, gets));
    }

    public static BatchWriteItemRequest batchWriteItem(byte[] body, int offset, int length) {
        BatchRequests.Writes writes = new BatchRequests.Writes();
        return writes.request(read(body, offset, length, BatchRequests.TOP, writes));
    }

    public static TransactWriteItemsRequest transactWriteItems(byte[] body, int offset, int length) {
        TransactRequests.Items items = new TransactRequests.Items(true);
        return items.writeRequest(read(body, offset, length, TransactRequests.WRITE_TOP, items));
    }

    public static TransactGetItemsRequest transactGetItems(byte[] body, int offset, int length) {
        TransactRequests.Items items = new TransactRequests.Items(false);
        return items.getRequest(read(body, offset, length, TransactRequests.GET_TOP, items));
    }
}
