package seeds.adclicks;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Scatter;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import io.partita.annotations.Version;
import java.time.Instant;

/**
 * Per-referrer, per-minute counters (eventTime is downsampled to the minute). EventTimeIndex answers
 * "events since time N": its partition key is the shard number (100 shards), so one minute's writes from
 * every referrer spread over 100 partitions; the shard is a hash of the referrer because counters are
 * updated in place (random shards would move the index entry on every increment).
 */
@Table(name = "AdClicks")
@Scatter(index = "EventTimeIndex", shards = 100, by = "referrer")
public record AdClick(
        @PartitionKey String referrer,

        @SortKey @GsiKey(index = "EventTimeIndex", role = KeyRole.SORT)
        Instant eventTime,

        long clicks,
        long impressions,
        @Version long version) {}
