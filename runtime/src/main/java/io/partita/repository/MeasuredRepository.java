package io.partita.repository;

import io.partita.Condition;
import io.partita.Key;
import io.partita.Result;
import io.partita.storage.api.DeleteItemResponse;
import io.partita.storage.api.GetItemResponse;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.UpdateItemResponse;
import java.util.Optional;

/**
 * A repository's single-item operations asking for consumed capacity ({@code repository.returnConsumedCapacity(
 * level)}): the same requests as the plain methods, each returning a {@link Result} with the plain method's value
 * and what the request consumed. An options view, not a second set of generated methods: keys come from the
 * generated {@code key(...)}, updates from {@code repository.update(key)}.
 *
 * <pre>{@code
 * MeasuredRepository<GameScore> measured = scores.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
 * Result<GameScore> put = measured.put(score);               // put.consumed().writeCapacityUnits()
 * Result<Optional<GameScore>> got = measured.get(scores.key("u1", "Galaxy"));
 * }</pre>
 *
 * @param <T> the entity
 */
public final class MeasuredRepository<T> {
    private final EntityRepository<T> repository;
    private final EntityRepository.Ask ask;

    MeasuredRepository(EntityRepository<T> repository, EntityRepository.Ask ask) {
        this.repository = repository;
        this.ask = ask;
    }

    /** Also asks writes for item-collection metrics (tables with an LSI), read on {@code consumed()}. */
    public MeasuredRepository<T> returnItemCollectionMetrics() {
        return new MeasuredRepository<>(repository, new EntityRepository.Ask(ask.capacity(), true));
    }

    /** The same operations without blocking: futures of {@link Result}s. */
    public AsyncMeasuredRepository<T> async() {
        return new AsyncMeasuredRepository<>(repository, ask);
    }

    /** See {@link EntityRepository#put(Object)}. */
    public Result<T> put(T entity) {
        return put(entity, null);
    }

    /** See {@link EntityRepository#put(Object, Condition)}. */
    public Result<T> put(T entity, Condition condition) {
        PutItemRequest request = repository.putRequest(entity, condition, ask);
        var response = repository.backend().putItem(request);
        return Result.of(
                repository.stored(entity, request),
                ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics()));
    }

    /** See {@link EntityRepository#get(Key)}. */
    public Result<Optional<T>> get(Key<T> key) {
        return get(key, false);
    }

    /** See {@link EntityRepository#get(Key, boolean)}. */
    public Result<Optional<T>> get(Key<T> key, boolean consistentRead) {
        GetItemResponse response = repository.backend().getItem(repository.getRequest(key, consistentRead, ask));
        return Result.of(repository.found(response), ask.consumed(response.consumedCapacity(), null));
    }

    /** See {@link EntityRepository#delete(Key)}. */
    public Result<Void> delete(Key<T> key) {
        return delete(key, null);
    }

    /** See {@link EntityRepository#delete(Key, Condition)}. */
    public Result<Void> delete(Key<T> key, Condition condition) {
        DeleteItemResponse response = repository.backend().deleteItem(repository.deleteRequest(key, condition, ask));
        return Result.of(null, ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics()));
    }

    /** See {@link EntityRepository#delete(Object)}. */
    public Result<Void> delete(T entity) {
        DeleteItemResponse response = repository.backend().deleteItem(repository.deleteRequest(entity, ask));
        return Result.of(null, ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics()));
    }

    /** Sends a partial update built with {@code repository.update(key)}; see {@link Update#execute()}. */
    public Result<T> update(Update<T> update) {
        UpdateItemResponse response = repository.backend().updateItem(update.request(ask));
        return Result.of(
                update.result(response), ask.consumed(response.consumedCapacity(), response.itemCollectionMetrics()));
    }
}
