package io.partita.samples.adclicks;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Scatter;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import io.partita.annotations.Version;
import java.time.Instant;

/**
 * Clicks and impressions of one referrer in one minute (seed {@code 002}, "Scaling writes with scatter").
 * {@code EventTimeIndex} answers "events since time N": its partition key is a shard number 0..99, so the writes
 * of every minute spread over 100 partitions instead of one hot one; a query gathers all shards and merges them
 * by time. The shard is a hash of the referrer (not random) because a counter is updated in place.
 */
@Table(name = "AdClicks")
@Scatter(index = "EventTimeIndex", shards = 100, by = "referrer")
public record AdClick(
        @PartitionKey String referrer,

        @SortKey @GsiKey(index = "EventTimeIndex", role = KeyRole.SORT)
        Instant minute,

        long clicks,
        long impressions,
        @Version long version) {}
