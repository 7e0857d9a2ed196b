package io.partita.server;

import io.partita.dynamodb.DynamoDbBackend;
import io.partita.storage.Backend;
import java.util.function.Supplier;

/**
 * The differential test's subject in this module ({@code -Dpartita.diff.subject}): the shared test server
 * through {@link DynamoDbBackend}, so the random sequence runs SDK → HTTP → Partita server → core on one side
 * and SDK → DynamoDB Local on the other.
 */
public final class ServerBackend implements Supplier<Backend> {
    @Override
    public Backend get() {
        TestServer.deleteAllTables();
        return new DynamoDbBackend(TestServer.client());
    }
}
