package io.partita.repository;

import io.partita.Condition;
import io.partita.Key;
import io.partita.Result;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@link MeasuredRepository} without blocking ({@code repository.async().returnConsumedCapacity(level)}): futures
 * of {@link Result}s, failing as the blocking methods throw.
 *
 * @param <T> the entity
 */
public final class AsyncMeasuredRepository<T> {
    private final EntityRepository<T> repository;
    private final EntityRepository.Ask ask;

    AsyncMeasuredRepository(EntityRepository<T> repository, EntityRepository.Ask ask) {
        this.repository = repository;
        this.ask = ask;
    }

    /** Also asks writes for item-collection metrics (tables with an LSI). */
    public AsyncMeasuredRepository<T> returnItemCollectionMetrics() {
        return new AsyncMeasuredRepository<>(repository, new EntityRepository.Ask(ask.capacity(), true));
    }

    /** See {@link EntityRepository#put(Object)}. */
    public CompletableFuture<Result<T>> put(T entity) {
        return put(entity, null);
    }

    /** See {@link EntityRepository#put(Object, Condition)}. */
    public CompletableFuture<Result<T>> put(T entity, Condition condition) {
        return AsyncRepository.stored(repository, entity, () -> repository.putRequest(entity, condition, ask), ask);
    }

    /** See {@link EntityRepository#get(Key)}. */
    public CompletableFuture<Result<Optional<T>>> get(Key<T> key) {
        return get(key, false);
    }

    /** See {@link EntityRepository#get(Key, boolean)}. */
    public CompletableFuture<Result<Optional<T>>> get(Key<T> key, boolean consistentRead) {
        return AsyncRepository.send(
                () -> repository.asyncBackend().getItem(repository.getRequest(key, consistentRead, ask)),
                response -> Result.of(repository.found(response), ask.consumed(response.consumedCapacity(), null)));
    }

    /** See {@link EntityRepository#delete(Key)}. */
    public CompletableFuture<Result<Void>> delete(Key<T> key) {
        return delete(key, null);
    }

    /** See {@link EntityRepository#delete(Key, Condition)}. */
    public CompletableFuture<Result<Void>> delete(Key<T> key, Condition condition) {
        return AsyncRepository.deleted(repository, () -> repository.deleteRequest(key, condition, ask), ask);
    }

    /** See {@link EntityRepository#delete(Object)}. */
    public CompletableFuture<Result<Void>> delete(T entity) {
        return AsyncRepository.deleted(repository, () -> repository.deleteRequest(entity, ask), ask);
    }

    /** Sends a partial update built with {@code repository.update(key)}. */
    public CompletableFuture<Result<T>> update(Update<T> update) {
        return AsyncRepository.updated(update, ask);
    }
}
