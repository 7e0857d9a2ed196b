package io.partita.it.embedded;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;
import io.partita.annotations.Ttl;
import java.time.Instant;

/** A lease that time to live deletes; its table streams old images, so the feed sees what expired. */
@Table(name = "FeedLeases")
@ChangeStream(StreamView.OLD_IMAGE)
public record Lease(
        @PartitionKey String id, String holder, @Ttl Instant expiresAt) {}
