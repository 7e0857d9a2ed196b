package io.partita.spring.boot;

import io.partita.DesignMismatch;
import io.partita.DesignReport;
import io.partita.Partita;
import io.partita.storage.Backend;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import io.partita.storage.schema.TableDefinition;
import java.util.List;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * {@code partita}: UP when the backend answers and every table of the application's repositories matches the
 * compiled design (the design check: one DescribeTable per table); DOWN with the mismatches (table, index,
 * expected, found) when one does not, or with the error when the backend does not answer. Without repository
 * beans it lists the tables (ListTables). Details: {@code backend}, {@code tables} (deployed names),
 * {@code mismatches}.
 */
public class PartitaHealthIndicator extends AbstractHealthIndicator {
    private final Partita db;
    private final RepositoryTables tables;

    public PartitaHealthIndicator(Partita db, RepositoryTables tables) {
        super("Partita health check failed");
        this.db = db;
        this.tables = tables;
    }

    /** "embedded, in memory", "embedded, durable", or the backend's class ("DynamoDbBackend"). */
    static String backend(Backend backend) {
        if (backend instanceof DurableStorage) {
            return "embedded, durable";
        }
        return backend instanceof Storage
                ? "embedded, in memory"
                : backend.getClass().getSimpleName();
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.withDetail("backend", backend(db.backend()));
        List<TableDefinition> expected = tables.tables();
        if (expected.isEmpty()) {
            builder.up().withDetail("tables", db.backend().listTables());
            return;
        }
        builder.withDetail(
                "tables", expected.stream().map(t -> db.tableName(t.name())).toList());
        DesignReport report = db.tables().check(expected);
        if (report.matches()) {
            builder.up();
        } else {
            builder.down()
                    .withDetail(
                            "mismatches",
                            report.mismatches().stream()
                                    .map(DesignMismatch::toString)
                                    .toList());
        }
    }
}
