package io.partita.samples.adclicks;

import io.partita.Change;
import io.partita.ChangeHandler;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The change handler of the ad events' stream: adds each new event to the counter of its referrer and minute in
 * table {@code AdClicks}. Only INSERTs count (events are never updated; a removal takes nothing back). A repeated
 * delivery (a subscription resumed from a checkpoint) would count an event twice; a counter that must be exact
 * would record the event ids it has added, in the same transaction.
 */
public final class ClickCounter implements ChangeHandler<AdClickEvent> {
    private final AdClickRepository counters;

    public ClickCounter(AdClickRepository counters) {
        this.counters = counters;
    }

    @Override
    public void handle(Change<AdClickEvent> change) {
        if (change.type() != Change.Type.INSERT) {
            return;
        }
        AdClickEvent e = change.newValue().orElseThrow();
        Instant minute = e.at().truncatedTo(ChronoUnit.MINUTES);
        if (counters.get(e.referrer(), minute).isEmpty()) {
            counters.put(new AdClick(e.referrer(), minute, 0, 0, 0));
        }
        counters.update(e.referrer(), minute)
                .add(e.click() ? AdClickRepository.CLICKS : AdClickRepository.IMPRESSIONS, 1L)
                .execute();
    }
}
