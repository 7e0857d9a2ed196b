package io.partita.server;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.storage.Storage;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.wire.Requests;
import io.partita.wire.Responses;
import java.io.IOException;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The data-plane operations: each reads its JSON request straight into the core's request record through the
 * wire module (which translates legacy parameters), calls the core, and writes DynamoDB's JSON response.
 */
final class DataPlane {
    private final Storage storage;
    private final ClientTokens<List<TransactWriteItem>, TransactWriteItemsResponse> clientTokens;

    DataPlane(Storage storage) {
        this(storage, ClientTokens.SYSTEM_NANO_TIME);
    }

    /** {@code nanoTime}: the clock of {@code ClientRequestToken}s' 10-minute window. */
    DataPlane(Storage storage, LongSupplier nanoTime) {
        this.storage = storage;
        this.clientTokens = new ClientTokens<>(nanoTime);
    }

    void putItem(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.putItem(g, storage.putItem(Requests.putItem(body, offset, length)));
    }

    void getItem(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.getItem(g, storage.getItem(Requests.getItem(body, offset, length)));
    }

    void deleteItem(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.deleteItem(g, storage.deleteItem(Requests.deleteItem(body, offset, length)));
    }

    void updateItem(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.updateItem(g, storage.updateItem(Requests.updateItem(body, offset, length)));
    }

    void query(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        QueryRequest request = Requests.query(body, offset, length);
        Responses.query(g, request.select(), storage.query(request));
    }

    void scan(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        ScanRequest request = Requests.scan(body, offset, length);
        Responses.scan(g, request.select(), storage.scan(request));
    }

    void batchGetItem(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.batchGetItem(g, storage.batchGetItem(Requests.batchGetItem(body, offset, length)));
    }

    void batchWriteItem(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.batchWriteItem(g, storage.batchWriteItem(Requests.batchWriteItem(body, offset, length)));
    }

    void transactWriteItems(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        TransactWriteItemsRequest request = Requests.transactWriteItems(body, offset, length);
        TransactWriteItemsResponse response = clientTokens.run(
                request.clientRequestToken(),
                request.transactItems(),
                length,
                () -> storage.transactWriteItems(request));
        Responses.transactWriteItems(g, response);
    }

    void transactGetItems(byte[] body, int offset, int length, JsonGenerator g) throws IOException {
        Responses.transactGetItems(g, storage.transactGetItems(Requests.transactGetItems(body, offset, length)));
    }
}
