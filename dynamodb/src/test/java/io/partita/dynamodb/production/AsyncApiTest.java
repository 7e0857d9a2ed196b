package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.Consumed;
import io.partita.Cursor;
import io.partita.GatherException;
import io.partita.ItemsByKey;
import io.partita.Page;
import io.partita.Partita;
import io.partita.RequestEvent;
import io.partita.RetryPolicy;
import io.partita.TableNameResolver;
import io.partita.spi.ForwardingBackend;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.TransactionCanceledException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;
import seeds.gamescores.GameScore;
import seeds.gamescores.GameScoreRepository;
import seeds.singletable.AppTableRepository;
import seeds.singletable.Order;
import seeds.singletable.OrderRepository;
import seeds.singletable.User;
import seeds.singletable.UserRepository;

/**
 * The asynchronous API on the embedded core (directly and on an executor) and on DynamoDB Local through
 * {@code DynamoDbAsyncClient}: the same results and failures as the blocking API, gathers, lazy pages, and
 * cancellation that stops sending requests.
 */
class AsyncApiTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    private static <V> V await(CompletableFuture<V> f) {
        return f.orTimeout(20, TimeUnit.SECONDS).join();
    }

    private static Throwable failure(CompletableFuture<?> f) {
        try {
            f.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the future succeeded");
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void singleItemOperationsBehaveAsTheBlockingOnes(AsyncBackends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("async-")).build()) {
            db.tables().create(GameScoreRepository.MAPPING.table(), AdClickRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            GameScore galaxy = new GameScore("u1", "Galaxy", 10, T, 1, 2);

            assertThat(await(scores.async().put(galaxy))).isEqualTo(galaxy);
            assertThat(await(scores.async().get(scores.key("u1", "Galaxy")))).contains(galaxy);
            assertThat(scores.get("u1", "Galaxy")).contains(galaxy); // the blocking API sees the write
            assertThat(await(scores.async().get(scores.key("u9", "Galaxy"), true)))
                    .isEmpty();

            GameScore updated = await(scores.update(scores.key("u1", "Galaxy"))
                    .add(GameScoreRepository.WINS, 5)
                    .executeAsync());
            assertThat(updated.wins()).isEqualTo(6);

            // conditions fail the future with the exception the blocking call throws
            assertThat(failure(scores.async().put(galaxy, GameScoreRepository.WINS.eq(100))))
                    .isInstanceOf(ConditionalCheckFailedException.class);
            assertThat(failure(scores.async().delete(scores.key("u1", "Galaxy"), GameScoreRepository.WINS.eq(0))))
                    .isInstanceOf(ConditionalCheckFailedException.class);
            await(scores.async().delete(scores.key("u1", "Galaxy")));
            assertThat(scores.get("u1", "Galaxy")).isEmpty();

            // @Version: the same checks and increments
            AdClickRepository clicks = AdClickRepository.of(db);
            AdClick stored = await(clicks.async().put(new AdClick("google", T, 1, 1, 0)));
            assertThat(stored.version()).isEqualTo(1);
            assertThat(await(clicks.async().put(stored)).version()).isEqualTo(2);
            assertThat(failure(clicks.async().put(stored))).isInstanceOf(ConditionalCheckFailedException.class);
            assertThat(failure(clicks.async().delete(stored))).isInstanceOf(ConditionalCheckFailedException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void queriesListPageCountAndFirst(AsyncBackends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            for (int i = 0; i < 7; i++) {
                scores.put(new GameScore("u1", "Game" + i, 10 * i, T, i, 0));
            }
            assertThat(await(scores.query("u1").listAsync()))
                    .isEqualTo(scores.query("u1").list());
            assertThat(await(scores.query("u1").limit(3).descending().listAsync()))
                    .extracting(GameScore::gameTitle)
                    .containsExactly("Game6", "Game5", "Game4");
            assertThat(await(scores.query("u1").countAsync())).isEqualTo(7);
            assertThat(await(scores.query("u1").limit(4).countAsync())).isEqualTo(4);
            assertThat(await(scores.query("u1").gameTitle().beginsWith("Game").firstAsync()))
                    .map(GameScore::gameTitle)
                    .contains("Game0");
            assertThat(await(scores.query("u9").firstAsync())).isEmpty();
            assertThat(await(scores.gameTitleIndex("Game3").listAsync())).hasSize(1);

            Page<GameScore> first = await(scores.query("u1").limit(5).pageAsync());
            assertThat(first.items()).hasSize(5);
            Page<GameScore> second =
                    await(scores.query("u1").limit(5).pageAsync(first.next().orElseThrow()));
            assertThat(second.items()).extracting(GameScore::gameTitle).containsExactly("Game5", "Game6");
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void pagesArePublishedOnDemand(AsyncBackends backend) throws Exception {
        QueryGate gate = new QueryGate();
        try (Partita db = backend.builder(gate::wrap).build()) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            for (int i = 0; i < 5; i++) {
                scores.put(new GameScore("u1", "Game" + i, i, T, i, 0));
            }
            // everything: five pages of two (the last one shorter), then completion
            Collector<GameScore> all = new Collector<>(Long.MAX_VALUE);
            scores.query("u1").limit(2).pages().subscribe(all);
            assertThat(all.done.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(all.error).isNull();
            assertThat(all.pages.stream().flatMap(p -> p.items().stream()).map(GameScore::gameTitle))
                    .containsExactly("Game0", "Game1", "Game2", "Game3", "Game4");

            // demand for one page sends one request; nothing more until asked. The gate delivers each answer on
            // this thread, so the publisher has done all it does with a page when releaseNext() returns.
            gate.hold();
            int before = gate.sent();
            Collector<GameScore> one = new Collector<>(1);
            scores.query("u1").limit(2).pages().subscribe(one);
            assertThat(gate.sent() - before).isEqualTo(1);
            gate.releaseNext();
            assertThat(one.pages).hasSize(1);
            assertThat(gate.sent() - before).isEqualTo(1);

            one.subscription.request(1);
            assertThat(gate.sent() - before).isEqualTo(2);
            gate.releaseNext();
            assertThat(one.pages.stream().flatMap(p -> p.items().stream()).map(GameScore::gameTitle))
                    .containsExactly("Game0", "Game1", "Game2", "Game3");
            assertThat(gate.sent() - before).isEqualTo(2);
            one.subscription.cancel();
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void gathersMergeShardsLikeTheBlockingGather(AsyncBackends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(AdClickRepository.MAPPING.table());
            AdClickRepository clicks = AdClickRepository.of(db);
            List<String> referrers = List.of("google", "bing", "ddg", "yahoo", "ecosia", "qwant");
            for (int m = 0; m < 4; m++) {
                for (String r : referrers) {
                    clicks.put(new AdClick(r, T.plusSeconds(60L * m), m, 1, 0));
                }
            }
            List<AdClick> expected = clicks.eventTimeIndex().eventTime().ge(T).list();
            assertThat(expected).hasSize(24);
            assertThat(await(clicks.eventTimeIndex().eventTime().ge(T).listAsync()))
                    .isEqualTo(expected);
            assertThat(await(clicks.eventTimeIndex()
                            .eventTime()
                            .ge(T)
                            .concurrency(3)
                            .descending()
                            .listAsync()))
                    .isEqualTo(clicks.eventTimeIndex()
                            .eventTime()
                            .ge(T)
                            .descending()
                            .list());
            assertThat(await(clicks.eventTimeIndex().eventTime().ge(T).limit(5).listAsync()))
                    .isEqualTo(expected.subList(0, 5));
            assertThat(await(clicks.eventTimeIndex().eventTime().ge(T).countAsync()))
                    .isEqualTo(24);
            assertThat(await(clicks.eventTimeIndex()
                            .eventTime()
                            .ge(T.plusSeconds(120))
                            .countAsync()))
                    .isEqualTo(12);

            // gather pages: the async pages and cursors are the blocking ones
            List<AdClick> paged = new ArrayList<>();
            Cursor cursor = null;
            do {
                Page<AdClick> page = await(
                        clicks.eventTimeIndex().eventTime().ge(T).limit(12).pageAsync(cursor));
                Page<AdClick> blocking =
                        clicks.eventTimeIndex().eventTime().ge(T).limit(12).page(cursor);
                assertThat(page).isEqualTo(blocking);
                paged.addAll(page.items());
                cursor = page.next().orElse(null);
            } while (cursor != null);
            assertThat(paged).isEqualTo(expected);
        }
    }

    @Test
    void aShardFailureFailsTheGatherFuture() {
        AtomicInteger queries = new AtomicInteger();
        ForwardingBackend failingShard = new ForwardingBackend(Storage.inMemory()) {
            @Override
            public io.partita.storage.api.QueryResponse query(io.partita.storage.api.QueryRequest r) {
                if (queries.incrementAndGet() == 7) {
                    throw new io.partita.storage.ValidationException("shard 7 is broken");
                }
                return super.query(r);
            }
        };
        try (Partita db = Partita.builder(failingShard).build()) {
            AdClickRepository clicks = AdClickRepository.of(db);
            clicks.put(new AdClick("google", T, 1, 1, 0));
            assertThat(failure(clicks.eventTimeIndex().eventTime().ge(T).listAsync()))
                    .isInstanceOf(GatherException.class)
                    .hasRootCauseMessage("shard 7 is broken");
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void cancellingAGatherStopsItsShardRequests(AsyncBackends backend) throws Exception {
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        QueryGate gate = new QueryGate(); // shard answers wait until the test releases them, on this thread
        try (Partita db = backend.builder(gate::wrap)
                .listener(e -> {
                    if (e.operation().equals("Query")) {
                        events.add(e);
                    }
                })
                .build()) {
            db.tables().create(AdClickRepository.MAPPING.table());
            AdClickRepository clicks = AdClickRepository.of(db);
            clicks.put(new AdClick("google", T, 1, 1, 0));

            gate.hold();
            CompletableFuture<List<AdClick>> gather =
                    clicks.eventTimeIndex().eventTime().ge(T).concurrency(2).listAsync();
            assertThat(gate.sent()).isEqualTo(2); // concurrency 2: two shard requests in flight
            gate.releaseNext(); // one shard answers; the gather sends the next shard's request in its place
            int sentBeforeCancel = gate.sent();
            assertThat(gather.cancel(true)).isTrue();
            gate.releaseAll(); // the requests in flight end (cancelled); the gather reacts on this thread
            assertThat(gate.sent()).isEqualTo(sentBeforeCancel); // nothing sent after the cancel
            assertThat(sentBeforeCancel).isLessThan(100); // far from the 100 shard requests of the whole gather
            assertThat(events.stream().filter(e -> e.failure() == null)).hasSize(1);
            assertThat(gather).isCancelled();
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void batchesAndTransactions(AsyncBackends backend) {
        try (Partita db = backend.builder().build()) {
            db.tables().create(GameScoreRepository.MAPPING.table());
            GameScoreRepository scores = GameScoreRepository.of(db);
            List<GameScore> many = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                many.add(new GameScore("u" + i, "Galaxy", i, T, 0, 0));
            }
            Consumed written = await(db.batchWriteAsync(b -> many.forEach(s -> b.put(scores, s))));
            assertThat(written).isSameAs(Consumed.NONE);
            List<io.partita.Key<GameScore>> keys =
                    many.stream().map(scores::keyOf).toList();
            ItemsByKey read = await(db.batchGetAsync(keys));
            assertThat(read.size()).isEqualTo(60);
            assertThat(read.get(scores.key("u7", "Galaxy"))).contains(many.get(7));

            await(db.transactAsync(tx ->
                    tx.put(scores, new GameScore("t1", "Galaxy", 1, T, 0, 0)).delete(scores.key("u0", "Galaxy"))));
            ItemsByKey tx = await(db.transactGetAsync(List.of(scores.key("t1", "Galaxy"), scores.key("u0", "Galaxy"))));
            assertThat(tx.size()).isEqualTo(1);
            assertThat(failure(db.transactAsync(
                            tx2 -> tx2.check(scores.key("t1", "Galaxy"), GameScoreRepository.WINS.eq(9)))))
                    .isInstanceOf(TransactionCanceledException.class);
        }
    }

    @Test
    void asyncRetriesWaitOnADelayedExecutorNotASleepingThread() {
        ThrottledCore throttlingTwice = new ThrottledCore(2);
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        try (Partita db = Partita.builder(throttlingTwice)
                .listener(events::add)
                .retryPolicy(RetryPolicy.defaults().withSleeper(d -> {
                    throw new AssertionError("an async retry slept a thread");
                }))
                .build()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            CompletableFuture<GameScore> put = scores.async().put(new GameScore("u1", "Galaxy", 1, T, 0, 0));
            assertThat(await(put)).isNotNull();
        }
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.operation()).isEqualTo("PutItem");
            assertThat(e.attempts()).isEqualTo(3);
            assertThat(e.throttles()).isEqualTo(2);
        });
    }

    @Test
    void validationErrorsFailTheFutureInsteadOfThrowing() {
        try (Partita db = Partita.inMemory()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            CompletableFuture<Optional<GameScore>> wrongTable =
                    scores.async().get(io.partita.Key.of("Other", java.util.Map.of(), item -> null));
            assertThatThrownBy(wrongTable::join)
                    .isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(IllegalArgumentException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(AsyncBackends.class)
    void itemCollectionQueriesOfASharedTable(AsyncBackends backend) {
        try (Partita db =
                backend.builder().tableNames(TableNameResolver.prefix("st-")).build()) {
            db.tables().create(AppTableRepository.TABLE);
            AppTableRepository app = AppTableRepository.of(db);
            UserRepository users = UserRepository.of(db);
            OrderRepository orders = OrderRepository.of(db);
            users.put(new User("u1", "ada@example.com", "Ada"));
            orders.put(new Order("u1", "o1", T, 100));
            orders.put(new Order("u1", "o2", null, 200));
            List<Object> collection = await(app.userCollection("u1").listAsync());
            assertThat(collection).isEqualTo(app.userCollection("u1").list()).hasSize(3);
            assertThat(await(app.userCollection("u1").countAsync())).isEqualTo(3);
            assertThat(await(orders.async().get(orders.key("u1", "o2"))))
                    .map(Order::totalCents)
                    .contains(200L);
        }
    }

    @Test
    void thousandsOfPagesCompletingDirectlyDoNotGrowTheStack() throws Exception {
        try (Partita db = Partita.inMemory()) {
            GameScoreRepository scores = GameScoreRepository.of(db);
            db.batchWrite(b -> {
                for (int i = 0; i < 3000; i++) {
                    b.put(scores, new GameScore("u1", String.format("G%05d", i), i, T, i, 0));
                }
            });
            // a filter matching nothing with limit 1: one evaluated item per request, 3000 requests in one loop
            assertThat(await(scores.query("u1")
                            .filter(GameScoreRepository.WINS.lt(0))
                            .limit(1)
                            .listAsync()))
                    .isEmpty();
            Collector<GameScore> pages = new Collector<>(Long.MAX_VALUE);
            scores.query("u1").limit(1).pages().subscribe(pages);
            assertThat(pages.done.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(pages.error).isNull();
            assertThat(pages.pages).hasSizeGreaterThanOrEqualTo(3000);
        }
    }

    /** Collects published pages; requests {@code demand} at subscription. */
    private static final class Collector<T> implements Flow.Subscriber<Page<T>> {
        final long demand;
        final List<Page<T>> pages = new CopyOnWriteArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        volatile Throwable error;
        volatile Flow.Subscription subscription;

        Collector(long demand) {
            this.demand = demand;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            this.subscription = s;
            s.request(demand);
        }

        @Override
        public void onNext(Page<T> page) {
            pages.add(page);
        }

        @Override
        public void onError(Throwable t) {
            error = t;
            done.countDown();
        }

        @Override
        public void onComplete() {
            done.countDown();
        }
    }
}
