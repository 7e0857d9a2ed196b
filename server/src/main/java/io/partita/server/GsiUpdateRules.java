package io.partita.server;

import io.partita.storage.ResourceInUseException;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.wire.UpdateTable;
import java.util.List;

/**
 * DynamoDB's rules on when an UpdateTable may change a table's GSIs, checked before anything is changed:
 *
 * <ul>
 *   <li>one GSI created or deleted per UpdateTable, and none while another is being created:
 *       {@code LimitExceededException} "Subscriber limit exceeded: Only 1 online index can be created or deleted
 *       simultaneously per table" (the answer clients report, e.g. architect/architect#334; ScyllaDB's
 *       test_gsi_updatetable.py checks the type for two creates, two deletes, and a create with a delete);
 *   <li>an index being created may be deleted while it backfills (the API reference's
 *       {@code GlobalSecondaryIndexDescription.Backfilling}: here it backfills until it is ACTIVE);
 *   <li>any other change to an {@code UPDATING} table is {@code ResourceInUseException} "Attempt to change a
 *       resource which is still in use: Table is being updated: &lt;name&gt;" (DeleteTable too).
 * </ul>
 *
 * An index's throughput ({@code Update}) may change while another is being created, as the developer guide allows.
 */
final class GsiUpdateRules {
    static final String ONE_AT_A_TIME =
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table";

    private GsiUpdateRules() {}

    /**
     * Checks the {@code updates} (null: none) against the table {@code d} as it is; {@code tableChanges}: the
     * request also changes the table itself (billing, throughput, stream, deletion protection).
     */
    static void check(TableDescription d, List<UpdateTable.IndexUpdate> updates, boolean tableChanges) {
        int createsAndDeletes = 0;
        if (updates != null) {
            for (UpdateTable.IndexUpdate u : updates) {
                createsAndDeletes += u.isCreate() || u.isDelete() ? 1 : 0;
            }
        }
        if (createsAndDeletes > 1) {
            throw limitExceeded();
        }
        if (d.status() != TableStatus.UPDATING) {
            return;
        }
        if (tableChanges) {
            throw inUse(d.definition().name());
        }
        if (updates == null) {
            return;
        }
        for (UpdateTable.IndexUpdate u : updates) {
            if (u.isCreate() || (u.isDelete() && !creating(d, u.deleteIndexName()))) {
                throw limitExceeded();
            }
        }
    }

    private static boolean creating(TableDescription d, String indexName) {
        for (IndexDescription i : d.indexes()) {
            if (i.indexName().equals(indexName) && i.status() == TableStatus.CREATING) {
                return true;
            }
        }
        return false;
    }

    static ApiException limitExceeded() {
        return new ApiException("LimitExceededException", 400, ONE_AT_A_TIME);
    }

    static ResourceInUseException inUse(String table) {
        return new ResourceInUseException(
                "Attempt to change a resource which is still in use: Table is being updated: " + table);
    }
}
