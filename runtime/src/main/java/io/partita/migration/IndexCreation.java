package io.partita.migration;

import io.partita.generated.EntityMapping;
import io.partita.internal.RuntimeMessage;
import io.partita.storage.Backend;
import io.partita.storage.api.IndexDescription;
import io.partita.storage.api.TableDescription;
import io.partita.storage.api.TableStatus;
import io.partita.storage.schema.GlobalSecondaryIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The global secondary indexes the new design has and the deployed table lacks: created one by one (DynamoDB takes
 * one index creation per UpdateTable), each awaited until it is {@code ACTIVE}, which on DynamoDB means its backfill
 * of the existing items is over. The embedded core fills an index as it creates it. An index whose key (attribute
 * names or types) differs from the design's, and that the plan declares changed ({@code INDEX_KEY} on it), is first
 * deleted (awaited until it is gone) and then created anew: an index's key cannot change in place.
 */
final class IndexCreation {
    private IndexCreation() {}

    /** The global secondary indexes of the plan's design, by name, in the design's order. */
    static Map<String, GlobalSecondaryIndex> wanted(MigrationPlan plan) {
        Map<String, GlobalSecondaryIndex> wanted = new LinkedHashMap<>();
        for (EntityMapping<?> m : plan.entities().values()) {
            m.table().globalSecondaryIndexes().forEach(g -> wanted.putIfAbsent(g.name(), g));
        }
        return wanted;
    }

    /**
     * The indexes of the plan's design that {@code table} lacks or has with another key and the plan re-creates,
     * in the design's order.
     */
    static List<GlobalSecondaryIndex> missing(Backend db, MigrationPlan plan, String table) {
        Map<String, GlobalSecondaryIndex> have = deployed(db, table);
        List<GlobalSecondaryIndex> out = new ArrayList<>();
        for (GlobalSecondaryIndex g : wanted(plan).values()) {
            if (!have.containsKey(g.name()) || recreated(plan, g, have.get(g.name()))) {
                out.add(g);
            }
        }
        return out;
    }

    /** Re-creates each changed index, creates each missing one, and waits for their backfill; returns their names. */
    static List<String> create(Backend db, MigrationPlan plan, String table, MigrationOptions options) {
        Map<String, GlobalSecondaryIndex> have = deployed(db, table);
        List<String> created = new ArrayList<>();
        for (GlobalSecondaryIndex g : missing(db, plan, table)) {
            if (have.containsKey(g.name())) {
                db.deleteGlobalSecondaryIndex(table, g.name());
                await(db, table, g.name(), options, d -> !present(d, g.name()));
            }
            db.createGlobalSecondaryIndex(table, g);
            await(db, table, g.name(), options, d -> active(d, g.name()));
            created.add(g.name());
        }
        return created;
    }

    private static Map<String, GlobalSecondaryIndex> deployed(Backend db, String table) {
        TableDescription deployed = db.describeTable(table);
        return deployed.definition().globalSecondaryIndexes().stream()
                .collect(Collectors.toMap(GlobalSecondaryIndex::name, g -> g));
    }

    /** True when the deployed index's key differs from the design's and the plan declares that change. */
    private static boolean recreated(MigrationPlan plan, GlobalSecondaryIndex wanted, GlobalSecondaryIndex have) {
        boolean sameKey = wanted.partitionKey().equals(have.partitionKey())
                && wanted.sortKey().equals(have.sortKey());
        return !sameKey
                && plan.steps("INDEX_KEY").stream().anyMatch(s -> s.target().equals(wanted.name()));
    }

    private static void await(
            Backend db, String table, String index, MigrationOptions options, Predicate<TableDescription> done) {
        long deadline = options.clock.millis() + options.backfillTimeout.toMillis();
        while (!done.test(db.describeTable(table))) {
            if (options.clock.millis() >= deadline) {
                throw new IllegalStateException(
                        RuntimeMessage.MigrationBackfillTimeout.format(index, table, options.backfillTimeout));
            }
            try {
                options.sleeper.sleep(options.pollInterval.isNegative() ? Duration.ZERO : options.pollInterval);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(RuntimeMessage.MigrationInterrupted.format(), e);
            }
        }
    }

    private static boolean present(TableDescription d, String index) {
        return d.indexes().stream().anyMatch(i -> i.indexName().equals(index));
    }

    private static boolean active(TableDescription d, String index) {
        return d.indexes().stream()
                .filter(i -> i.indexName().equals(index))
                .map(IndexDescription::status)
                .anyMatch(s -> s == TableStatus.ACTIVE);
    }
}
