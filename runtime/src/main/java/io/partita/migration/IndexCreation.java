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
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The global secondary indexes the new design has and the deployed table lacks: created one by one (DynamoDB takes
 * one index creation per UpdateTable), each awaited until it is {@code ACTIVE}, which on DynamoDB means its backfill
 * of the existing items is over. The embedded core fills an index as it creates it.
 */
final class IndexCreation {
    private IndexCreation() {}

    /** The indexes of the plan's design that {@code table} lacks, in the design's order. */
    static List<GlobalSecondaryIndex> missing(Backend db, MigrationPlan plan) {
        Map<String, GlobalSecondaryIndex> wanted = new LinkedHashMap<>();
        for (EntityMapping<?> m : plan.entities().values()) {
            m.table().globalSecondaryIndexes().forEach(g -> wanted.putIfAbsent(g.name(), g));
        }
        TableDescription deployed = db.describeTable(plan.table());
        Set<String> have = deployed.definition().globalSecondaryIndexes().stream()
                .map(GlobalSecondaryIndex::name)
                .collect(Collectors.toSet());
        List<GlobalSecondaryIndex> out = new ArrayList<>();
        wanted.values().stream().filter(g -> !have.contains(g.name())).forEach(out::add);
        return out;
    }

    /** Creates each missing index and waits for its backfill; returns their names. */
    static List<String> create(Backend db, MigrationPlan plan, MigrationOptions options) {
        List<String> created = new ArrayList<>();
        for (GlobalSecondaryIndex g : missing(db, plan)) {
            db.createGlobalSecondaryIndex(plan.table(), g);
            await(db, plan.table(), g.name(), options);
            created.add(g.name());
        }
        return created;
    }

    private static void await(Backend db, String table, String index, MigrationOptions options) {
        long deadline = options.clock.millis() + options.backfillTimeout.toMillis();
        while (!active(db.describeTable(table), index)) {
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

    private static boolean active(TableDescription d, String index) {
        return d.indexes().stream()
                .filter(i -> i.indexName().equals(index))
                .map(IndexDescription::status)
                .anyMatch(s -> s == TableStatus.ACTIVE);
    }
}
