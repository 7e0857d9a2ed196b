package io.partita.dynamodb;

import io.partita.Partita;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Partita on Amazon DynamoDB: the same generated repositories, the same exceptions, requests sent through an
 * AWS SDK v2 {@link DynamoDbClient}.
 *
 * <pre>{@code
 * Partita db = PartitaDynamoDb.of(DynamoDbClient.create());
 * GameScoreRepository scores = GameScoreRepository.of(db);
 * }</pre>
 */
public final class PartitaDynamoDb {
    private PartitaDynamoDb() {}

    /**
     * A database on DynamoDB through {@code client}. Closing the {@code Partita} leaves the client open (its
     * owner closes it). Repositories create their tables if missing and wait until they are ACTIVE.
     */
    public static Partita of(DynamoDbClient client) {
        return Partita.using(new DynamoDbBackend(client));
    }

    /** Creates every table that does not exist yet and waits until each one and its indexes are ACTIVE. */
    public static List<TableDescription> ensureTables(DynamoDbClient client, TableDefinition... definitions) {
        return new DynamoDbBackend(client).ensureTables(List.of(definitions));
    }

    /** Same as {@link #ensureTables(DynamoDbClient, TableDefinition...)}, on a database made by {@link #of}. */
    public static List<TableDescription> ensureTables(Partita db, TableDefinition... definitions) {
        if (!(db.backend() instanceof DynamoDbBackend backend)) {
            throw new IllegalArgumentException("not a DynamoDB-backed Partita: " + db.backend().getClass().getName());
        }
        return backend.ensureTables(List.of(definitions));
    }
}
