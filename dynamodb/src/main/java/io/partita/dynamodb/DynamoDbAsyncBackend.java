package io.partita.dynamodb;

import io.partita.storage.AsyncBackend;
import io.partita.storage.api.BatchGetItemRequest;
import io.partita.storage.api.BatchGetItemResponse;
import io.partita.storage.api.BatchWriteItemRequest;
import io.partita.storage.api.BatchWriteItemResponse;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.PutItemResponse;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ScanRequest;
import io.partita.storage.api.ScanResponse;
import io.partita.storage.api.TransactGetItemsRequest;
import io.partita.storage.api.TransactGetItemsResponse;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import io.partita.storage.api.UpdateItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The {@link AsyncBackend} over {@link DynamoDbAsyncClient}: each operation is the request mapping
 * ({@link SdkRequests}), the asynchronous client's call, and the response mapping ({@link SdkResponses}) that
 * {@link DynamoDbBackend} uses too, so both backends send and read exactly the same requests. SDK failures
 * complete the future with the core exception DynamoDB's error code names (as {@link DynamoDbBackend} throws it).
 * Cancelling a returned future cancels the SDK request. No thread waits: the answer is mapped on the thread the SDK
 * completes its future on.
 */
public final class DynamoDbAsyncBackend implements AsyncBackend {
    private final DynamoDbAsyncClient client;

    /** An asynchronous backend over {@code client} (its owner closes it). */
    public DynamoDbAsyncBackend(DynamoDbAsyncClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** The SDK client requests go to. */
    public DynamoDbAsyncClient client() {
        return client;
    }

    /** Maps the SDK future's response (or failure) to the core's; cancelling the result cancels the SDK call. */
    private static <S, R> CompletableFuture<R> send(CompletableFuture<S> sdk, Function<S, R> response) {
        CompletableFuture<R> out = new CompletableFuture<>();
        CompletableFuture<S> unused = sdk.whenComplete((s, e) -> {
            if (e != null) {
                out.completeExceptionally(Errors.map(
                        e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                                ? e.getCause()
                                : e));
                return;
            }
            try {
                out.complete(response.apply(s));
            } catch (RuntimeException x) {
                out.completeExceptionally(x);
            }
        });
        return AsyncBackend.cancelling(out, sdk);
    }

    @Override
    public CompletableFuture<PutItemResponse> putItem(PutItemRequest r) {
        return send(client.putItem(SdkRequests.putItem(r)), SdkResponses::putItem);
    }

    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest r) {
        return send(client.getItem(SdkRequests.getItem(r)), SdkResponses::getItem);
    }

    @Override
    public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest r) {
        return send(client.deleteItem(SdkRequests.deleteItem(r)), SdkResponses::deleteItem);
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest r) {
        return send(client.updateItem(SdkRequests.updateItem(r)), SdkResponses::updateItem);
    }

    @Override
    public CompletableFuture<QueryResponse> query(QueryRequest r) {
        return send(client.query(SdkRequests.query(r)), SdkResponses::query);
    }

    @Override
    public CompletableFuture<ScanResponse> scan(ScanRequest r) {
        return send(client.scan(SdkRequests.scan(r)), SdkResponses::scan);
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest r) {
        return send(client.batchGetItem(SdkRequests.batchGetItem(r)), SdkResponses::batchGetItem);
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest r) {
        return send(client.batchWriteItem(SdkRequests.batchWriteItem(r)), SdkResponses::batchWriteItem);
    }

    @Override
    public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest r) {
        return send(client.transactWriteItems(SdkRequests.transactWriteItems(r)), SdkResponses::transactWriteItems);
    }

    @Override
    public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest r) {
        return send(client.transactGetItems(SdkRequests.transactGetItems(r)), SdkResponses::transactGetItems);
    }
}
