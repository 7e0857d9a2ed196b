package io.partita.feed;

import io.partita.Checkpoint;
import io.partita.CheckpointStore;
import io.partita.Partita;
import io.partita.storage.Backend;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Optional;

/**
 * Checkpoints kept in a table of the database itself, one item per consumer ({@code consumer} the partition key,
 * {@code checkpoint} the printed {@link Checkpoint}, {@code savedAt} when), written and read (strongly consistent)
 * through the database's {@link Backend}: the same store works on the embedded core, the server and DynamoDB. The
 * table ({@value #DEFAULT_TABLE} unless named) is created when missing where the database creates tables on open;
 * on DynamoDB create it beforehand from {@link #definition(String)}.
 */
public final class TableCheckpointStore implements CheckpointStore {
    /** The table's name unless another is given. */
    public static final String DEFAULT_TABLE = "PartitaCheckpoints";

    static final String CONSUMER = "consumer";
    static final String CHECKPOINT = "checkpoint";
    static final String SAVED_AT = "savedAt";

    private final Partita db;
    private final String tableName;

    /** The store in table {@value #DEFAULT_TABLE} of {@code db}. */
    public TableCheckpointStore(Partita db) {
        this(db, DEFAULT_TABLE);
    }

    /** The store in table {@code tableName} of {@code db}. */
    public TableCheckpointStore(Partita db, String tableName) {
        this.db = db;
        this.tableName = tableName;
        db.createTableIfMissing(definition(tableName));
    }

    /** The store's table: partition key {@code consumer} (a String), on demand. */
    public static TableDefinition definition(String tableName) {
        return TableDefinition.builder(tableName)
                .partitionKey(KeyAttribute.s(CONSUMER))
                .build();
    }

    @Override
    public Optional<Checkpoint> load(String consumer) {
        Map<String, AttributeValue> item = db.requests()
                .getItem(GetItemRequest.builder()
                        .tableName(tableName)
                        .key(Map.of(CONSUMER, AttributeValue.s(consumer)))
                        .consistentRead(true)
                        .build())
                .item();
        if (item == null || !(item.get(CHECKPOINT) instanceof AttributeValue.S text)) {
            return Optional.empty();
        }
        return Optional.of(Checkpoint.parse(text.value()));
    }

    @Override
    public void save(String consumer, Checkpoint checkpoint) {
        db.requests()
                .putItem(PutItemRequest.builder()
                        .tableName(tableName)
                        .item(Map.of(
                                CONSUMER, AttributeValue.s(consumer),
                                CHECKPOINT, AttributeValue.s(checkpoint.toString()),
                                SAVED_AT, AttributeValue.s(db.clock().instant().toString())))
                        .build());
    }
}
