package io.partita;

import io.partita.internal.Futures;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.TransactWriteItem;
import io.partita.storage.api.TransactWriteItemsRequest;
import io.partita.storage.api.TransactWriteItemsResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Writes across repositories that succeed or fail together (DynamoDB's TransactWriteItems): up to 100
 * puts, deletes, partial updates and condition checks, no two on the same item.
 *
 * <pre>{@code
 * db.transact(tx -> tx
 *         .put(users, user)                                  // validated and versioned like users.put(user)
 *         .delete(orders.key("o-17"))
 *         .update(accounts.update(accounts.key("a1")).add(AccountRepository.BALANCE, -25))
 *         .check(carts.key("c9"), CartRepository.STATUS.eq(CartStatus.OPEN)));
 * }</pre>
 *
 * A failed condition cancels the whole transaction with the core's
 * {@link io.partita.storage.TransactionCanceledException}, whose reasons list one entry per action in the
 * order they were added.
 */
public final class Transaction {
    /** DynamoDB's limit on actions per transaction. */
    public static final int MAX_ACTIONS = 100;

    private final Partita db;
    private final List<TransactWriteItem> actions = new ArrayList<>();
    private String clientRequestToken;
    private ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity.NONE;
    private boolean returnItemCollectionMetrics;
    private boolean committed;

    Transaction(Partita db) {
        this.db = db;
    }

    /** Puts {@code entity} as {@code repository.put(entity)} would (index-key validation, {@code @Version} check). */
    public <T> Transaction put(Repository<T> repository, T entity) {
        return add(repository.preparePut(entity, null));
    }

    /** A conditional put; the condition is combined with the version check, if any. */
    public <T> Transaction put(Repository<T> repository, T entity, Condition condition) {
        return add(repository.preparePut(entity, Objects.requireNonNull(condition, "condition")));
    }

    /** Deletes the item under {@code key}, unconditionally. */
    public Transaction delete(Key<?> key) {
        return add(new TransactWriteItem.Delete(key.tableName(), key.attributes(), null, null, null, false));
    }

    /** Deletes the item under {@code key} if {@code condition} holds. */
    public Transaction delete(Key<?> key, Condition condition) {
        ExpressionBuilder b = new ExpressionBuilder();
        String expression = condition.render(b);
        return add(new TransactWriteItem.Delete(
                key.tableName(), key.attributes(), expression, b.names(), b.values(), false));
    }

    /** Deletes {@code entity} by its key, checking its {@code @Version} when it has one. */
    public <T> Transaction delete(Repository<T> repository, T entity) {
        return add(repository.prepareDelete(entity, null));
    }

    /** Applies a partial update built with {@code repository.update(key)}. */
    public Transaction update(PartialUpdate update) {
        return add(update.prepare());
    }

    /** Requires {@code condition} to hold for the item under {@code key} without writing it. */
    public Transaction check(Key<?> key, Condition condition) {
        ExpressionBuilder b = new ExpressionBuilder();
        String expression = condition.render(b);
        return add(new TransactWriteItem.ConditionCheck(
                key.tableName(), key.attributes(), expression, b.names(), b.values(), false));
    }

    /** Makes the transaction idempotent for 10 minutes under this token (passed through to the backend). */
    public Transaction clientRequestToken(String token) {
        this.clientRequestToken = token;
        return this;
    }

    /** Adds a prepared action, for callers that build requests themselves. */
    public Transaction add(TransactWriteItem action) {
        if (committed) {
            throw new IllegalStateException(RuntimeMessage.TransactionAlreadyCommitted.format());
        }
        if (actions.size() == MAX_ACTIONS) {
            throw new IllegalStateException(RuntimeMessage.TransactionTooManyActions.format(MAX_ACTIONS));
        }
        actions.add(Objects.requireNonNull(action, "action"));
        return this;
    }

    /** The actions so far, in order; unmodifiable. */
    public List<TransactWriteItem> actions() {
        return Collections.unmodifiableList(actions);
    }

    /** Asks for the capacity the transaction consumes, returned by {@link #commit()}. */
    public Transaction returnConsumedCapacity(ReturnConsumedCapacity level) {
        this.returnConsumedCapacity = Objects.requireNonNull(level, "level");
        return this;
    }

    /** Asks for the item-collection metrics of the writes (tables with an LSI), returned by {@link #commit()}. */
    public Transaction returnItemCollectionMetrics() {
        this.returnItemCollectionMetrics = true;
        return this;
    }

    /**
     * Sends the transaction; a transaction without actions does nothing. Commits at most once.
     *
     * @return what it consumed ({@link Consumed#NONE} unless asked for)
     */
    public Consumed commit() {
        TransactWriteItemsRequest request = prepare();
        return request == null ? Consumed.NONE : consumed(db.requests().transactWriteItems(request));
    }

    /** {@link #commit()} without blocking: the future completes when the transaction has, or fails as it would. */
    public CompletableFuture<Consumed> commitAsync() {
        TransactWriteItemsRequest request;
        try {
            request = prepare();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (request == null) {
            return CompletableFuture.completedFuture(Consumed.NONE);
        }
        CompletableFuture<TransactWriteItemsResponse> sent = db.asyncRequests().transactWriteItems(request);
        CompletableFuture<Consumed> out = sent.thenApply(this::consumed);
        Futures.cancelWith(out, sent);
        return out;
    }

    /** Marks the transaction committed; the request to send, or null for a transaction without actions. */
    private TransactWriteItemsRequest prepare() {
        if (committed) {
            throw new IllegalStateException(RuntimeMessage.TransactionAlreadyCommitted.format());
        }
        committed = true;
        if (actions.isEmpty()) {
            return null;
        }
        return TransactWriteItemsRequest.builder()
                .transactItems(List.copyOf(actions))
                .clientRequestToken(clientRequestToken)
                .returnConsumedCapacity(returnConsumedCapacity)
                .returnItemCollectionMetrics(returnItemCollectionMetrics)
                .build();
    }

    private Consumed consumed(TransactWriteItemsResponse response) {
        if (returnConsumedCapacity == ReturnConsumedCapacity.NONE && !returnItemCollectionMetrics) {
            return Consumed.NONE;
        }
        return new Consumed.Accumulator()
                .add(
                        response.consumedCapacity(),
                        response.itemCollectionMetrics() == null
                                ? null
                                : response.itemCollectionMetrics().values().stream()
                                        .flatMap(List::stream)
                                        .toList())
                .result();
    }
}
