package io.partita.repository;

import io.partita.Condition;
import io.partita.Key;
import io.partita.Result;
import io.partita.internal.Futures;
import io.partita.storage.api.DeleteItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.UpdateItemRequest;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A repository's single-item operations without blocking a thread ({@code repository.async()}): the same
 * requests as the blocking methods — validation, {@code @Version} checks and increments, conditions — sent to the
 * database's asynchronous backend ({@code DynamoDbAsyncClient} on DynamoDB). A failure completes the future
 * exceptionally with the exception the blocking method throws (validation errors included: nothing is thrown
 * from these methods themselves). Cancelling a future cancels its request where the backend can.
 *
 * <pre>{@code
 * scores.async().put(score)
 *         .thenCompose(stored -> scores.async().get(scores.key("u1", "Galaxy")))
 *         .thenAccept(found -> ...);
 * }</pre>
 *
 * @param <T> the entity
 */
public final class AsyncRepository<T> {
    private final EntityRepository<T> repository;
    private final EntityRepository.Ask ask;

    AsyncRepository(EntityRepository<T> repository, EntityRepository.Ask ask) {
        this.repository = repository;
        this.ask = ask;
    }

    /** See {@link EntityRepository#put(Object)}. */
    public CompletableFuture<T> put(T entity) {
        return put(entity, null);
    }

    /** See {@link EntityRepository#put(Object, Condition)}. */
    public CompletableFuture<T> put(T entity, Condition condition) {
        return measured(
                () -> repository.putRequest(entity, condition, ask),
                r -> repository.asyncBackend().putItem(r),
                (r, response) -> repository.stored(entity, r));
    }

    /** See {@link EntityRepository#get(Key)}. */
    public CompletableFuture<Optional<T>> get(Key<T> key) {
        return get(key, false);
    }

    /** See {@link EntityRepository#get(Key, boolean)}. */
    public CompletableFuture<Optional<T>> get(Key<T> key, boolean consistentRead) {
        return send(
                () -> repository.asyncBackend().getItem(repository.getRequest(key, consistentRead, ask)),
                repository::found);
    }

    /** See {@link EntityRepository#delete(Key)}. */
    public CompletableFuture<Void> delete(Key<T> key) {
        return delete(key, null);
    }

    /** See {@link EntityRepository#delete(Key, Condition)}. */
    public CompletableFuture<Void> delete(Key<T> key, Condition condition) {
        return send(
                () -> repository.asyncBackend().deleteItem(repository.deleteRequest(key, condition, ask)),
                response -> null);
    }

    /** See {@link EntityRepository#delete(Object)}. */
    public CompletableFuture<Void> delete(T entity) {
        return send(
                () -> repository.asyncBackend().deleteItem(repository.deleteRequest(entity, ask)), response -> null);
    }

    /** Sends a partial update built with {@code repository.update(key)}: {@link Update#executeAsync()}. */
    public CompletableFuture<T> update(Update<T> update) {
        return update.executeAsync();
    }

    /**
     * These operations asking for consumed capacity: each future completes with a {@link Result} holding the
     * value and its {@link io.partita.Consumed}.
     */
    public AsyncMeasuredRepository<T> returnConsumedCapacity(ReturnConsumedCapacity level) {
        return new AsyncMeasuredRepository<>(
                repository, new EntityRepository.Ask(Objects.requireNonNull(level, "level"), false));
    }

    // ---- shared by the asynchronous surfaces -------------------------------------------------------------

    /**
     * Sends what {@code send} prepares and completes with {@code complete} of the response; an exception while
     * preparing fails the future instead of being thrown; cancelling the future cancels the request.
     */
    static <S, V> CompletableFuture<V> send(Supplier<CompletableFuture<S>> send, Function<S, V> complete) {
        CompletableFuture<S> sent;
        try {
            sent = send.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<V> out = sent.thenApply(complete);
        Futures.cancelWith(out, sent);
        return out;
    }

    /** {@link #send} for a request the completion needs too (a put's item). */
    static <Q, S, V> CompletableFuture<V> measured(
            Supplier<Q> prepare,
            Function<Q, CompletableFuture<S>> send,
            java.util.function.BiFunction<Q, S, V> complete) {
        Q request;
        try {
            request = prepare.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return send(() -> send.apply(request), response -> complete.apply(request, response));
    }

    static <T> CompletableFuture<Result<T>> updated(Update<T> update, EntityRepository.Ask ask) {
        return measured(
                () -> update.request(ask),
                (UpdateItemRequest r) -> update.repository().asyncBackend().updateItem(r),
                (r, response) -> Result.of(
                        update.result(response),
                        ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics())));
    }

    static <T> CompletableFuture<Result<Void>> deleted(
            EntityRepository<T> repository, Supplier<DeleteItemRequest> prepare, EntityRepository.Ask ask) {
        return measured(
                prepare,
                r -> repository.asyncBackend().deleteItem(r),
                (r, response) ->
                        Result.of(null, ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics())));
    }

    static <T> CompletableFuture<Result<T>> stored(
            EntityRepository<T> repository, T entity, Supplier<PutItemRequest> prepare, EntityRepository.Ask ask) {
        return measured(
                prepare,
                r -> repository.asyncBackend().putItem(r),
                (r, response) -> Result.of(
                        repository.stored(entity, r),
                        ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics())));
    }
}
