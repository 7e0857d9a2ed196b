package io.partita.it.embedded.memo;

import io.partita.annotations.Gsi;
import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import java.math.BigDecimal;
import java.time.Instant;

/** A deeply immutable entity: its generated schema is memoizable, so repositories reuse its decoded instances. */
@Table(name = "Notes")
@Gsi(name = "byOwner")
public record Note(
        @PartitionKey String id,
        @SortKey String sk,
        @GsiKey(index = "byOwner") String owner,
        @GsiKey(index = "byOwner", role = KeyRole.SORT) long rank,
        Instant at,
        BigDecimal amount,
        Kind kind,
        Place place,
        String text) {

    /** An enum component: decoding returns the constant itself. */
    public enum Kind {
        DRAFT,
        FINAL
    }

    /** A nested record of immutable values: still deeply immutable. */
    public record Place(String city, int zip) {}
}
