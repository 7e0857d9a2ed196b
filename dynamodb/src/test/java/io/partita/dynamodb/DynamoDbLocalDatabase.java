package io.partita.dynamodb;

import io.partita.Partita;
import java.util.function.Supplier;

/**
 * The it module's {@code TestDatabase} factory for DynamoDB Local (named by {@code -Dpartita.it.database} in
 * this module's surefire configuration): every call empties the shared DynamoDB Local and returns a
 * {@code Partita} on it through {@link PartitaDynamoDb#builder}, with tables created when repositories are opened
 * (as on the embedded core, which the suite is written for).
 */
public final class DynamoDbLocalDatabase implements Supplier<Partita> {
    @Override
    public Partita get() {
        DynamoDbLocal.deleteAllTables();
        return PartitaDynamoDb.builder(DynamoDbLocal.client(), DynamoDbLocal.streamsClient())
                .createTablesOnOpen(true)
                .build();
    }
}
