package io.partita.samples.adclicks;

import io.partita.ChangeHandler;
import io.partita.Partita;
import io.partita.Subscription;
import io.partita.samples.TextTable;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Seed {@code 002} with a change stream: raw events go to table {@code AdClickEvents}, whose stream a subscribed
 * {@link ClickCounter} turns into the per-referrer, per-minute counters of table {@code AdClicks}.
 */
public final class AdClickStreamSample {
    private final AdClickEventRepository events;
    private final AdClickRepository counters;

    public AdClickStreamSample(Partita db) {
        this.events = AdClickEventRepository.of(db);
        this.counters = AdClickRepository.of(db);
    }

    public AdClickEventRepository events() {
        return events;
    }

    public AdClickRepository counters() {
        return counters;
    }

    /** Writes {@code n} events over ten minutes (fixed seed 42, so the output is stable). */
    public void write(int n) {
        Random random = new Random(42);
        for (int i = 0; i < n; i++) {
            String referrer = AdClicksSample.REFERRERS.get(random.nextInt(AdClicksSample.REFERRERS.size()));
            Instant at = AdClicksSample.START.plusMillis(random.nextInt(10 * 60_000));
            events.put(new AdClickEvent("e" + i, referrer, at, random.nextInt(10) == 0));
        }
    }

    /**
     * Subscribes a {@link ClickCounter} to the events' stream, writes {@code n} events, and returns once the counter
     * has handled all of them (or {@code timeout} passed: false), the subscription stopped.
     */
    public boolean countStreamed(int n, Duration timeout) throws InterruptedException {
        ClickCounter counter = new ClickCounter(counters);
        CountDownLatch handled = new CountDownLatch(n);
        ChangeHandler<AdClickEvent> counting = c -> {
            counter.handle(c);
            handled.countDown();
        };
        try (Subscription s = events.changes().subscribe(counting)) {
            write(n);
            return handled.await(timeout.toMillis(), TimeUnit.MILLISECONDS) && s.isRunning();
        }
    }

    public void run(PrintStream out) {
        out.println(
                "== 7. Ad clicks streamed: events -> change stream -> per-referrer per-minute counters (seed 002) ==");
        boolean done;
        try {
            done = countStreamed(500, Duration.ofSeconds(60));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        out.println("events.changes().subscribe(new ClickCounter(counters))   // 500 events.put(...) streamed");
        TextTable t = TextTable.of("referrer", "minute", "clicks", "impressions");
        List<AdClick> google = counters.query("google").list();
        google.forEach(c -> t.row(c.referrer(), c.minute(), c.clicks(), c.impressions()));
        t.print(out);
        long total = AdClicksSample.REFERRERS.stream()
                .flatMap(r -> counters.query(r).list().stream())
                .mapToLong(c -> c.clicks() + c.impressions())
                .sum();
        out.printf(
                "%s: %d events counted from the stream into the counters of %d referrers (google: %d minutes)%n%n",
                done ? "all handled" : "timed out", total, AdClicksSample.REFERRERS.size(), google.size());
    }
}
