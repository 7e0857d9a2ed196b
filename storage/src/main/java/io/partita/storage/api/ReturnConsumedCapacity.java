package io.partita.storage.api;

/** Whether a response reports consumed capacity: not at all, the total, or the total plus each index. */
public enum ReturnConsumedCapacity {
    NONE,
    TOTAL,
    INDEXES
}
