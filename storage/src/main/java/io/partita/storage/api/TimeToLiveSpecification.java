package io.partita.storage.api;

import java.util.Objects;

/**
 * What UpdateTimeToLive takes and returns: the attribute holding each item's expiry time (a Number of epoch
 * seconds) and whether time to live is to be enabled or disabled on it.
 */
public record TimeToLiveSpecification(String attributeName, boolean enabled) {
    public TimeToLiveSpecification {
        Objects.requireNonNull(attributeName, "attributeName");
    }

    /** Enables time to live on {@code attributeName}. */
    public static TimeToLiveSpecification enable(String attributeName) {
        return new TimeToLiveSpecification(attributeName, true);
    }

    /** Disables time to live (DynamoDB requires the attribute it is enabled on). */
    public static TimeToLiveSpecification disable(String attributeName) {
        return new TimeToLiveSpecification(attributeName, false);
    }
}
