package io.partita.storage.api;

import java.util.Objects;
import java.util.Optional;

/**
 * What DescribeTimeToLive returns: the status and, unless disabled, the attribute holding each item's expiry
 * time ({@code attributeName} null when DynamoDB reports none).
 */
public record TimeToLiveDescription(TimeToLiveStatus status, String attributeName) {
    public TimeToLiveDescription {
        Objects.requireNonNull(status, "status");
    }

    public static TimeToLiveDescription disabled() {
        return new TimeToLiveDescription(TimeToLiveStatus.DISABLED, null);
    }

    public static TimeToLiveDescription enabled(String attributeName) {
        return new TimeToLiveDescription(TimeToLiveStatus.ENABLED, attributeName);
    }

    /** True when expired items are deleted (ENABLED; ENABLING too, as DynamoDB soon will). */
    public boolean isEnabled() {
        return status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING;
    }

    /** The attribute, when the status carries one. */
    public Optional<String> attribute() {
        return Optional.ofNullable(attributeName);
    }
}
