package io.partita.server;

import io.partita.Partita;
import io.partita.dynamodb.PartitaDynamoDb;
import java.util.function.Supplier;

/**
 * The it module's {@code TestDatabase} factory for this module (named by {@code -Dpartita.it.database} in the
 * pom): every call empties the shared test server and returns a {@code Partita} on it through
 * {@link PartitaDynamoDb#builder}, with tables created when repositories are opened (as a test wants; production
 * code creates them explicitly) — generated repository → SDK v2 → HTTP → Partita server → core.
 */
public final class ServerDatabase implements Supplier<Partita> {
    @Override
    public Partita get() {
        TestServer.deleteAllTables();
        return PartitaDynamoDb.builder(TestServer.client())
                .createTablesOnOpen(true)
                .build();
    }
}
