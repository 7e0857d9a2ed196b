package io.partita.storage.api;

/** DynamoDB's time-to-live states; the core reports only ENABLED and DISABLED (its changes take effect at once). */
public enum TimeToLiveStatus {
    ENABLING,
    DISABLING,
    ENABLED,
    DISABLED
}
