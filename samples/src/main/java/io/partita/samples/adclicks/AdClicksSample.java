package io.partita.samples.adclicks;

import io.partita.Partita;
import io.partita.generated.Shards;
import io.partita.samples.TextTable;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/** Seed {@code 002}: per-referrer per-minute counters, and "events since time N" gathered from 100 shards. */
public final class AdClicksSample {
    public static final Instant START = Instant.parse("2024-05-01T12:00:00Z");
    public static final List<String> REFERRERS =
            List.of("google", "bing", "duckduckgo", "news.example", "mail", "social");

    private final AdClickRepository clicks;

    public AdClicksSample(Partita db) {
        this.clicks = AdClickRepository.of(db);
    }

    public AdClickRepository clicks() {
        return clicks;
    }

    /** Records one event: adds to the counter of its referrer and minute (the event time is truncated to the minute). */
    public void record(String referrer, Instant at, boolean click) {
        Instant minute = at.truncatedTo(ChronoUnit.MINUTES);
        if (clicks.get(referrer, minute).isEmpty()) {
            clicks.put(new AdClick(referrer, minute, 0, 0, 0));
        }
        clicks.update(referrer, minute)
                .add(click ? AdClickRepository.CLICKS : AdClickRepository.IMPRESSIONS, 1L)
                .execute();
    }

    /** Simulates {@code events} events over ten minutes (fixed seed, so the output is stable). */
    public void simulate(int events) {
        Random random = new Random(42);
        for (int i = 0; i < events; i++) {
            String referrer = REFERRERS.get(random.nextInt(REFERRERS.size()));
            Instant at = START.plusMillis(random.nextInt(10 * 60_000));
            record(referrer, at, random.nextInt(10) == 0);
        }
    }

    /** Every counter since {@code since}, oldest first, gathered from all 100 shards of EventTimeIndex. */
    public List<AdClick> since(Instant since) {
        return clicks.eventTimeIndex().minute().ge(since).list();
    }

    public long countSince(Instant since) {
        return clicks.eventTimeIndex().minute().ge(since).count();
    }

    public void run(PrintStream out) {
        out.println(
                "== 5. Ad clicks: per-referrer per-minute counters, EventTimeIndex scattered over 100 shards (seed 002) ==");
        simulate(2000);
        Instant since = START.plus(8, ChronoUnit.MINUTES);
        out.println("clicks.eventTimeIndex().minute().ge(" + since + ").list()   // events since time N");
        TextTable t = TextTable.of("minute", "referrer", "shard", "clicks", "impressions");
        List<AdClick> recent = since(since);
        recent.forEach(c -> t.row(c.minute(), c.referrer(), Shards.of(c.referrer(), 100), c.clicks(), c.impressions()));
        t.print(out);
        TreeSet<Integer> shards = new TreeSet<>();
        REFERRERS.forEach(r -> shards.add(Shards.of(r, 100)));
        out.printf(
                "%d counters from %d referrers, who write to shards %s of 0..99; the gather queried all 100 "
                        + "shards in parallel and merged them by minute (count(): %d)%n%n",
                recent.size(), REFERRERS.size(), shards, countSince(since));
    }
}
