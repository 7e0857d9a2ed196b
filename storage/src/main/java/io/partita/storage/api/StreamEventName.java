package io.partita.storage.api;

/** What a stream record reports about its item (the record's eventName). */
public enum StreamEventName {
    /** The item did not exist and was written. */
    INSERT,
    /** The item existed and was changed. */
    MODIFY,
    /** The item existed and was deleted. */
    REMOVE
}
