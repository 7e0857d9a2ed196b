package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.ItemsByKey;
import io.partita.Partita;
import io.partita.storage.TransactionCanceledException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;
import seeds.singletable.Order;
import seeds.singletable.OrderRepository;
import seeds.singletable.User;
import seeds.singletable.UserRepository;

/** Batches and transactions across generated repositories of different tables. */
class BatchAndTransactionTest {
    private final Partita db = TestDatabase.open();
    private final GameScoreRepository scores = GameScoreRepository.of(db);
    private final UserRepository users = UserRepository.of(db);
    private final OrderRepository orders = OrderRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void batchWriteAndBatchGetAcrossTables() {
        db.batchWrite(b -> b.put(scores, new GameScore("u1", "G", 1, Instant.EPOCH, 1, 0))
                .put(users, new User("u1", "a@x", "A"))
                .put(orders, new Order("u1", "o1", null, 5)));
        ItemsByKey found = db.batchGet(
                List.of(scores.key("u1", "G"), users.key("u1"), orders.key("u1", "o1"), orders.key("u1", "missing")));
        assertThat(found.get(users.key("u1"))).contains(new User("u1", "a@x", "A"));
        assertThat(found.get(orders.key("u1", "o1"))).map(Order::totalCents).contains(5L);
        assertThat(found.get(scores.key("u1", "G"))).map(GameScore::wins).contains(1);
        assertThat(found.get(orders.key("u1", "missing"))).isEmpty();
    }

    @Test
    void transactionsAreAllOrNothing() {
        users.put(new User("u1", "a@x", "A"));
        assertThatThrownBy(() -> db.transact(tx -> tx.put(orders, new Order("u1", "o1", null, 5))
                        .check(users.key("u2"), UserRepository.NAME.exists())))
                .isInstanceOf(TransactionCanceledException.class);
        assertThat(orders.get("u1", "o1")).isEmpty();
        db.transact(tx -> tx.put(orders, new Order("u1", "o1", null, 5))
                .update(users.update("u1").set(UserRepository.NAME, "Ada"))
                .delete(scores.key("nobody", "G")));
        assertThat(orders.get("u1", "o1")).isPresent();
        assertThat(users.get("u1")).map(User::name).contains("Ada");
        assertThat(db.transactGet(users.key("u1"), orders.key("u1", "o1")).size())
                .isEqualTo(2);
    }
}
