package seeds.sessions;

import io.partita.annotations.Attribute;
import io.partita.annotations.GsiKey;
import io.partita.annotations.LsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import io.partita.annotations.Ttl;
import java.time.Instant;

/**
 * A user's login session that expires: time to live deletes it, with its GSI and LSI entries, once
 * {@code expiresAt} (stored as a Number of epoch seconds in {@code ExpiresAt}) has passed.
 */
@Table(name = "Sessions")
public record Session(
        @PartitionKey @Attribute("UserId") String userId,
        @SortKey @Attribute("SessionId") String sessionId,
        @GsiKey(index = "ByDevice") @Attribute("Device") String device,
        @LsiKey(index = "ByStarted") @Attribute("StartedAt") Instant startedAt,
        @Ttl @Attribute("ExpiresAt") Instant expiresAt) {}
