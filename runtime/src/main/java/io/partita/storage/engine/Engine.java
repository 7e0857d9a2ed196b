package io.partita.storage.engine;

import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;

/** The engine lands in the next commit; this keeps the contract compiling for work branched from here. */
public final class Engine {
    private Engine() {}

    public static Storage create(StorageOptions options) {
        throw new UnsupportedOperationException("storage engine: lands in the next commit");
    }
}
