package io.partita.samples.adclicks;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;
import java.time.Instant;

/**
 * One raw ad event (seed {@code 002}, the write-heavy side): written once, never updated. Its table streams each new
 * event ({@link StreamView#NEW_IMAGE}), and {@link ClickCounter} turns the stream into the per-referrer, per-minute
 * counters of {@link AdClick}, so the hot write path touches one item per event and no counter.
 */
@Table(name = "AdClickEvents")
@ChangeStream(StreamView.NEW_IMAGE)
public record AdClickEvent(@PartitionKey String id, String referrer, Instant at, boolean click) {}
