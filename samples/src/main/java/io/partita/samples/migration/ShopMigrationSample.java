package io.partita.samples.migration;

import io.partita.Partita;
import io.partita.io.DynamoDbJsonLines;
import io.partita.migration.Migration;
import io.partita.migration.MigrationOptions;
import io.partita.migration.MigrationReport;
import io.partita.migration.Migrations;
import io.partita.progress.ConsoleProgressBar;
import io.partita.progress.ProgressListener;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import java.io.PrintStream;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;

/**
 * A shop upgraded from version 1 to version 2 of its order design: version 1's orders are imported from a DynamoDB
 * JSON export (with a progress bar), then {@link ShopOrdersMigrations}{@code .PLAN} is shown, dry-run and applied
 * (with a progress bar): every order moves to its new key with its amount under {@code Total}, the new index is
 * filled, and a second dry run finds the table matching the new design.
 */
public final class ShopMigrationSample {
    /** Version 1's table: only the key schema (its index came with version 2). */
    static final TableDefinition V1 = TableDefinition.builder("ShopOrders")
            .partitionKey(KeyAttribute.s("PK"))
            .sortKey(KeyAttribute.s("SK"))
            .build();

    private final Partita db;
    private final ProgressListener progress;

    public ShopMigrationSample(Partita db) {
        this(db, ConsoleProgressBar.onConsole());
    }

    ShopMigrationSample(Partita db, ProgressListener progress) {
        this.db = db;
        this.progress = progress;
    }

    /** Version 1's export of {@code orders} orders: one {@code {"Item":...}} line each, as DynamoDB writes it. */
    static String versionOneExport(int orders) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i <= orders; i++) {
            s.append(String.format(
                    Locale.ROOT,
                    "{\"Item\":{\"PK\":{\"S\":\"ORDER#o-%d\"},\"SK\":{\"S\":\"ORDER\"},\"_type\":{\"S\":\"Order\"},"
                            + "\"orderId\":{\"S\":\"o-%d\"},\"customer\":{\"S\":\"c-%d\"},\"status\":{\"S\":\"%s\"},"
                            + "\"Amount\":{\"N\":\"%d\"}}}%n",
                    i,
                    i,
                    i % 5,
                    i % 3 == 0 ? "SHIPPED" : "OPEN",
                    i * 100));
        }
        return s.toString();
    }

    /** Loads version 1's orders, as a deployment of version 1 left them. */
    long loadVersionOne(int orders) {
        db.tables().create(V1);
        return DynamoDbJsonLines.importTable(db, "ShopOrders", new StringReader(versionOneExport(orders)), progress);
    }

    /** Runs the migration and returns its report. */
    MigrationReport migrate(PrintStream out) {
        Migration migration = Migrations.on(db).plan(ShopOrdersMigrations.PLAN);
        out.println(migration.describe());
        out.println(migration.dryRun());
        MigrationReport report = migration.apply(MigrationOptions.defaults().withProgress(progress));
        out.println(report);
        out.println(migration.dryRun().complete() ? "the stored orders match the new design" : "orders left behind");
        return report;
    }

    /** A customer's orders, read through version 2's repository. */
    List<ShopOrder> ordersOf(String customer) {
        return ShopOrdersRepository.of(db).customerCollection(customer).list().stream()
                .map(ShopOrder.class::cast)
                .toList();
    }

    /** The orders of a status, from the index version 2 added. */
    List<ShopOrder> withStatus(String status) {
        return ShopOrderRepository.of(db).byStatus(status).list();
    }

    public void run(PrintStream out) {
        out.println("== 8. Shop migration: the Order key template and the amount's attribute change (issue 29) ==");
        out.println("imported " + loadVersionOne(1_000) + " version-1 orders");
        migrate(out);
        out.println("orders of c-1: " + ordersOf("c-1").size() + ", shipped: "
                + withStatus("SHIPPED").size());
        out.println();
    }
}
