package io.partita.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemMap#memoOf(Object)} and {@link ItemMap#memo(Object, Object)}: a memo is handed out only to its owner,
 * also while other owners replace it concurrently (what lets a reader skip the memo's type check).
 */
class ItemMapMemoOwnerTest {
    private static ItemMap item(int i) {
        return ItemMap.builder(2)
                .add("pk", AttributeValue.s("k" + i))
                .add("n", AttributeValue.n(i))
                .build();
    }

    private record A(int item, long serial) {}

    private record B(int item, long serial) {}

    @Test
    void aMemoIsHandedOutToItsOwnerOnly() {
        ItemMap item = item(1);
        assertThat(item.memoOf(A.class)).isNull();
        A a = new A(1, 1);
        item.memo(A.class, a);
        assertThat(item.memoOf(A.class)).isSameAs(a);
        assertThat(item.memoOf(B.class)).isNull();
        assertThat(item.memo()).isSameAs(a);
        B b = new B(1, 2);
        item.memo(B.class, b); // last writer wins
        assertThat(item.memoOf(A.class)).isNull();
        assertThat(item.memoOf(B.class)).isSameAs(b);
        assertThat(item.memo()).isSameAs(b);
        // a memo attached without an owner is never an owner's
        item.memo("untyped");
        assertThat(item.memoOf(A.class)).isNull();
        assertThat(item.memoOf(B.class)).isNull();
        assertThat(item.memo()).isEqualTo("untyped");
        item.memo(A.class, null);
        assertThat(item.memoOf(A.class)).isNull();
        assertThat(item.memo()).isNull();
    }

    @Test
    void copiesStartWithoutAnOwnedMemo() {
        ItemMap item = item(2);
        item.memo(A.class, new A(2, 1));
        assertThat(item.with("n", AttributeValue.n(3)).memoOf(A.class)).isNull();
        assertThat(ItemMap.copyOf(java.util.Map.copyOf(item)).memoOf(A.class)).isNull();
        assertThat(item).isEqualTo(item(2)).hasSameHashCodeAs(item(2));
        // the entry set, a view built per call, iterates the same attributes each time
        assertThat(item.entrySet()).isEqualTo(item(2).entrySet());
        assertThat(List.copyOf(item.entrySet())).isEqualTo(List.copyOf(item.entrySet()));
        ItemMap.prefetch(List.of(item, item(3)));
        item.prefetch();
        assertThat(item.memoOf(A.class)).isEqualTo(new A(2, 1));
    }

    /**
     * Writers attach A's and B's (and untyped memos) to shared items while readers ask for each owner's memo: a
     * reader gets null or an instance of its owner's type for the item it asked about, never another's; and once
     * writers stop, every item answers its last writer's memo to that owner.
     */
    @Test
    void concurrentReplacementNeverHandsOutAnotherOwnersMemo() throws Exception {
        // fixed, so a failure reproduces; -Dpartita.seed=N runs another
        long seed = Long.getLong("partita.seed", 0x3E300801L);
        System.out.println("ItemMapMemoOwnerTest.concurrentReplacement seed " + seed);
        Random random = new Random(seed);
        int items = 8;
        List<ItemMap> shared = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            shared.add(item(i));
        }
        int writers = 2;
        int readers = 2;
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
        try {
            List<Future<Long>> writing = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                long s = random.nextLong();
                writing.add(pool.submit(() -> {
                    Random r = new Random(s);
                    start.await();
                    long n = 0;
                    for (int k = 0; k < 200_000; k++) {
                        int i = r.nextInt(items);
                        ItemMap item = shared.get(i);
                        switch (r.nextInt(3)) {
                            case 0 -> item.memo(A.class, new A(i, k));
                            case 1 -> item.memo(B.class, new B(i, k));
                            default -> item.memo(r.nextBoolean() ? "untyped" : null);
                        }
                        n++;
                    }
                    return n;
                }));
            }
            List<Future<Long>> reading = new ArrayList<>();
            for (int t = 0; t < readers; t++) {
                long s = random.nextLong();
                reading.add(pool.submit(() -> {
                    Random r = new Random(s);
                    start.await();
                    long hits = 0;
                    while (!stop.get()) {
                        int i = r.nextInt(items);
                        ItemMap item = shared.get(i);
                        Object a = item.memoOf(A.class);
                        if (a != null) {
                            assertThat(a).isInstanceOf(A.class);
                            assertThat(((A) a).item()).isEqualTo(i);
                            hits++;
                        }
                        Object b = item.memoOf(B.class);
                        if (b != null) {
                            assertThat(b).isInstanceOf(B.class);
                            assertThat(((B) b).item()).isEqualTo(i);
                            hits++;
                        }
                    }
                    return hits;
                }));
            }
            start.countDown();
            for (Future<Long> f : writing) {
                assertThat(f.get(120, TimeUnit.SECONDS)).isEqualTo(200_000L);
            }
            stop.set(true);
            long hits = 0;
            for (Future<Long> f : reading) {
                hits += f.get(120, TimeUnit.SECONDS);
            }
            assertThat(hits).as("readers found owned memos").isPositive();
            for (ItemMap item : shared) {
                Object last = item.memo();
                assertThat(item.memoOf(A.class)).isSameAs(last instanceof A ? last : null);
                assertThat(item.memoOf(B.class)).isSameAs(last instanceof B ? last : null);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
