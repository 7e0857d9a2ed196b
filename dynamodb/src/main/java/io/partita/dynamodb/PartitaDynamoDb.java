package io.partita.dynamodb;

import io.partita.Partita;
import io.partita.storage.api.TableDescription;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Partita on Amazon DynamoDB: the same generated repositories, the same exceptions, requests sent through an
 * AWS SDK v2 {@link DynamoDbClient}.
 *
 * <pre>{@code
 * Partita db = PartitaDynamoDb.builder(DynamoDbClient.create())
 *         .tableNames(TableNameResolver.prefix("prod-"))
 *         .build();
 * db.tables().check(GameScoreRepository.MAPPING.table()).requireMatch();   // DescribeTable only
 * GameScoreRepository scores = GameScoreRepository.of(db);                  // sends nothing
 * }</pre>
 *
 * On DynamoDB, repositories never create or describe tables (tables are created explicitly, see
 * {@link io.partita.Tables}), and throttled requests are retried by the SDK client's retry strategy only: Partita
 * retries nothing but the unprocessed items and keys of batches.
 */
public final class PartitaDynamoDb {
    private PartitaDynamoDb() {}

    /**
     * A database on DynamoDB through {@code client}, tables under their logical names. Closing the
     * {@code Partita} leaves the client open (its owner closes it).
     */
    public static Partita of(DynamoDbClient client) {
        return builder(client).build();
    }

    /**
     * A builder of a database on DynamoDB through {@code client}, set up for DynamoDB: repositories do not
     * create tables when opened, and Partita does not retry throttles (the client's retry strategy does). Set
     * {@link Partita.Builder#tableNames table names} here; {@code createTablesOnOpen(true)} brings back implicit
     * table creation (DynamoDB Local in tests).
     */
    public static Partita.Builder builder(DynamoDbClient client) {
        return Partita.builder(new DynamoDbBackend(client))
                .createTablesOnOpen(false)
                .retryThrottles(false);
    }

    /**
     * A builder like {@link #builder(DynamoDbClient)} whose streams are read through {@code streamsClient} instead of
     * a streams client built from {@code client}'s region, endpoint and credentials. Closing the {@code Partita}
     * leaves both clients open.
     */
    public static Partita.Builder builder(DynamoDbClient client, DynamoDbStreamsClient streamsClient) {
        return Partita.builder(new DynamoDbBackend(client, streamsClient))
                .createTablesOnOpen(false)
                .retryThrottles(false);
    }

    /**
     * A builder of a database on DynamoDB through an asynchronous client, set up like
     * {@link #builder(DynamoDbClient)}. The asynchronous API ({@code repository.async()}, {@code listAsync()},
     * {@code pages()}, {@code db.transactAsync(...)} ...) sends through {@code client} without blocking a thread;
     * the blocking API sends the same requests through it and waits for each answer (a blocked caller thread, no
     * second client: give {@link #builder(DynamoDbClient, DynamoDbAsyncClient)} a blocking client too to avoid
     * that). Table lifecycle and the design check block likewise. Closing the {@code Partita} leaves the client open.
     */
    public static Partita.Builder builder(DynamoDbAsyncClient client) {
        return Partita.builder(new DynamoDbBackend(client))
                .asyncBackend(new DynamoDbAsyncBackend(client))
                .createTablesOnOpen(false)
                .retryThrottles(false);
    }

    /**
     * A builder of a database on DynamoDB with both clients: the blocking API sends through {@code client}, the
     * asynchronous API through {@code asyncClient} (both must reach the same account and region).
     */
    public static Partita.Builder builder(DynamoDbClient client, DynamoDbAsyncClient asyncClient) {
        return builder(client).asyncBackend(new DynamoDbAsyncBackend(asyncClient));
    }

    /** A database on DynamoDB through an asynchronous client; see {@link #builder(DynamoDbAsyncClient)}. */
    public static Partita of(DynamoDbAsyncClient client) {
        return builder(client).build();
    }

    /** Creates every table that does not exist yet and waits until each one and its indexes are ACTIVE. */
    public static List<TableDescription> ensureTables(DynamoDbClient client, TableDefinition... definitions) {
        return new DynamoDbBackend(client).ensureTables(List.of(definitions));
    }

    /**
     * Same as {@link #ensureTables(DynamoDbClient, TableDefinition...)}, on a database made by {@link #of} or
     * {@link #builder}, under the database's deployed table names.
     */
    public static List<TableDescription> ensureTables(Partita db, TableDefinition... definitions) {
        if (!(db.backend() instanceof DynamoDbBackend backend)) {
            throw new IllegalArgumentException(
                    "not a DynamoDB-backed Partita: " + db.backend().getClass().getName());
        }
        List<TableDefinition> deployed = new ArrayList<>();
        for (TableDefinition d : definitions) {
            deployed.add(d.withName(db.tableName(d.name())));
        }
        return backend.ensureTables(deployed);
    }
}
