package io.partita.repository;

import io.partita.Cursor;
import io.partita.Page;
import io.partita.internal.Futures;
import io.partita.internal.RuntimeMessage;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A query's pages as a {@link Flow.Publisher}: each subscription reads from the first page; a page is fetched only
 * when there is demand and no page is in flight, from the previous page's cursor. Signals are serialized (one
 * page in flight at a time); a fetch that completes on the calling thread (the embedded core) is drained in a
 * loop, not by recursion.
 */
final class PagePublisher<R> implements Flow.Publisher<Page<R>> {
    private final Function<Cursor, CompletableFuture<Page<R>>> fetch;

    PagePublisher(Function<Cursor, CompletableFuture<Page<R>>> fetch) {
        this.fetch = fetch;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super Page<R>> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        Subscription<R> s = new Subscription<>(fetch, subscriber);
        subscriber.onSubscribe(s);
    }

    private static final class Subscription<R> implements Flow.Subscription {
        private final Function<Cursor, CompletableFuture<Page<R>>> fetch;
        private final Flow.Subscriber<? super Page<R>> subscriber;
        private final AtomicInteger wip = new AtomicInteger();
        private long demand;
        private boolean inFlight;
        private boolean done;
        private boolean cancelled;
        private Cursor cursor;
        private CompletableFuture<Page<R>> current;

        Subscription(Function<Cursor, CompletableFuture<Page<R>>> fetch, Flow.Subscriber<? super Page<R>> subscriber) {
            this.fetch = fetch;
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                boolean signal;
                synchronized (this) {
                    signal = !done && !cancelled;
                    done = true;
                }
                if (signal) {
                    subscriber.onError(new IllegalArgumentException(RuntimeMessage.NonPositiveDemand.format(n)));
                }
                return;
            }
            synchronized (this) {
                demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            }
            drain();
        }

        @Override
        public void cancel() {
            CompletableFuture<Page<R>> inflight;
            synchronized (this) {
                cancelled = true;
                inflight = current;
            }
            if (inflight != null) {
                inflight.cancel(true);
            }
        }

        private void drain() {
            if (wip.getAndIncrement() != 0) {
                return;
            }
            do {
                CompletableFuture<Page<R>> next = null;
                synchronized (this) {
                    if (!cancelled && !done && !inFlight && demand > 0) {
                        inFlight = true;
                        demand--;
                        try {
                            next = fetch.apply(cursor);
                        } catch (RuntimeException e) {
                            next = CompletableFuture.failedFuture(e);
                        }
                        current = next;
                    }
                }
                if (next != null) {
                    CompletableFuture<Page<R>> unused = next.whenComplete(this::arrived);
                }
            } while (wip.decrementAndGet() != 0);
        }

        private void arrived(Page<R> page, Throwable failure) {
            boolean last;
            synchronized (this) {
                inFlight = false;
                current = null;
                if (cancelled || done) {
                    return;
                }
                last = failure != null || !page.hasNext();
                if (last) {
                    done = true;
                } else {
                    cursor = page.next().orElseThrow();
                }
            }
            if (failure != null) {
                subscriber.onError(Futures.unwrap(failure));
                return;
            }
            subscriber.onNext(page);
            if (last) {
                subscriber.onComplete();
            } else {
                drain();
            }
        }
    }
}
