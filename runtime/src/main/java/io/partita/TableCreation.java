package io.partita;

import io.partita.storage.ResourceInUseException;
import io.partita.storage.ResourceNotFoundException;
import io.partita.storage.Storage;
import io.partita.storage.ValidationException;
import io.partita.storage.api.TimeToLiveDescription;
import io.partita.storage.api.TimeToLiveSpecification;
import io.partita.storage.api.TimeToLiveStatus;
import io.partita.storage.schema.TableDefinition;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Creates a database's tables as repositories open on them ({@link Partita#createTableIfMissing}), remembering
 * per table that it exists, so only the first repository opened on a table pays for the describe (and create).
 */
final class TableCreation {
    private final Partita db;
    private final Set<String> knownTables = ConcurrentHashMap.newKeySet();

    TableCreation(Partita db) {
        this.db = db;
    }

    /**
     * Creates {@code definition}'s table unless it exists: describe, then create (with time to live enabled when the
     * definition has a TTL attribute, also on an existing table where it is disabled; on the bundled core a table
     * missing from its table list is created without the describe that would fail); a concurrent creator's
     * {@link ResourceInUseException} counts as success, and the answer is remembered per table.
     */
    void createIfMissing(TableDefinition definition) {
        String name = definition.name();
        if (knownTables.contains(name)) {
            return;
        }
        if (!missingFromCore(name)) {
            try {
                db.requests().describeTable(name);
                String ttlAttribute = definition.timeToLive().orElse(null);
                if (ttlAttribute != null) {
                    enableTimeToLiveIfDisabled(name, ttlAttribute);
                }
                knownTables.add(name);
                return;
            } catch (RuntimeException e) {
                // catch RuntimeException and test the type: a catch clause of a storage exception would make the
                // verifier load it (and StorageException) on every database's start (issue 14)
                if (!(e instanceof ResourceNotFoundException)) {
                    throw e;
                }
                // missing: create it below
            }
        }
        try {
            db.requests().createTable(definition); // enables time to live when the definition has a TTL attribute
        } catch (RuntimeException e) {
            if (!(e instanceof ResourceInUseException)) {
                throw e;
            }
            // someone else created it between our describe and create: fine
        }
        knownTables.add(name);
    }

    /**
     * True when the database is the bundled storage core and its table list lacks the table: then the describe
     * would only fail, and learning that from its {@code ResourceNotFoundException} costs the first open in a
     * fresh JVM ≈2 ms (the core's message catalogue, the exception and its stack trace). False means "describe it"
     * (present, or another backend, whose table list may be paged or cost a request).
     */
    private boolean missingFromCore(String name) {
        return db.backend() instanceof Storage && !db.backend().listTables().contains(db.tableName(name));
    }

    /**
     * A table that exists from before its entity had {@code @Ttl} (a durable store, say) gets time to live enabled
     * too; one enabled on another attribute is left alone ({@code tables().check} reports it).
     */
    private void enableTimeToLiveIfDisabled(String name, String attribute) {
        TimeToLiveDescription ttl = db.requests().describeTimeToLive(name);
        if (ttl.status() == TimeToLiveStatus.DISABLED) {
            try {
                db.requests().updateTimeToLive(name, TimeToLiveSpecification.enable(attribute));
            } catch (RuntimeException e) {
                if (!(e instanceof ValidationException)) { // a catch of it would load it on start (see above)
                    throw e;
                }
                // another repository opened on the table enabled it first
            }
        }
    }

    /** Forgets that a table exists (it was deleted), so the next repository opened on it creates it again. */
    void forget(String logicalName) {
        knownTables.remove(logicalName);
    }
}
