package io.partita.repository;

import io.partita.Partita;
import io.partita.generated.ItemDecoders;
import io.partita.generated.QuerySpec;
import io.partita.mapping.ItemDecoder;
import io.partita.storage.schema.TableDefinition;
import java.util.Map;
import java.util.Objects;

/**
 * The base class of a generated {@code <TableInterface>Repository} for a shared table: item-collection
 * queries that return every entity type of one partition, each item decoded to its class by the
 * discriminator attribute.
 *
 * <pre>{@code
 * public final class ShopTableRepository extends TableRepository<Object> {
 *     public static ShopTableRepository of(Partita db) { return new ShopTableRepository(db); }
 *     private ShopTableRepository(Partita db) {
 *         super(db, TABLE, "_type", Map.of("User", UserRepository.MAPPING, "Order", OrderRepository.MAPPING));
 *     }
 *     public UserCollectionQuery user(String userId) {        // PK = USER#{userId}
 *         return new UserCollectionQuery(collectionQuery(), userId);
 *     }
 * }
 * }</pre>
 *
 * @param <R> the common type of the table's entities ({@code Object} when they share none)
 */
public abstract class TableRepository<R> {
    private final Partita db;
    private final TableDefinition table;
    private final ItemDecoder<R> decoder;

    /** Opens the repository, creating the table if missing. */
    protected TableRepository(
            Partita db,
            TableDefinition table,
            String discriminatorAttribute,
            Map<String, ? extends ItemDecoder<? extends R>> decodersByType) {
        this.db = Objects.requireNonNull(db, "db");
        this.table = Objects.requireNonNull(table, "table");
        this.decoder = ItemDecoders.byDiscriminator(discriminatorAttribute, decodersByType);
        db.createTableIfMissing(table);
    }

    public final TableDefinition tableDefinition() {
        return table;
    }

    public final String tableName() {
        return table.name();
    }

    /** The table definition as DynamoDB CreateTable JSON. */
    public final String createTableJson() {
        return CreateTableJson.print(table);
    }

    /** The database this repository was opened on. */
    protected final Partita db() {
        return db;
    }

    /** The spec of a base-table item-collection query, decoding each item by its discriminator. */
    protected final QuerySpec<R> collectionQuery() {
        return QuerySpec.of(db.requests(), db, table, null, decoder, null, true, db.gatherOptions());
    }

    /** The spec of an item-collection query on an index (an overloaded GSI shared by several entity types). */
    protected final QuerySpec<R> collectionQuery(String indexName) {
        return QuerySpec.of(db.requests(), db, table, indexName, decoder, null, true, db.gatherOptions());
    }
}
