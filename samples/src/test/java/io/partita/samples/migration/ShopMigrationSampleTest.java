package io.partita.samples.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.migration.MigrationReport;
import io.partita.progress.ConsoleProgressBar;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Issue 29's sample: version 1's orders imported, migrated to version 2, read through version 2's repositories. */
class ShopMigrationSampleTest {
    @Test
    void everyOrderMovesToItsNewKeyWithItsAmountUnderTotal() {
        ByteArrayOutputStream bar = new ByteArrayOutputStream();
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
        try (Partita db = Partita.inMemory()) {
            ShopMigrationSample sample = new ShopMigrationSample(
                    db, new ConsoleProgressBar(new PrintStream(bar, true, StandardCharsets.UTF_8), true));
            assertThat(sample.loadVersionOne(300)).isEqualTo(300);
            MigrationReport report = sample.migrate(out);
            assertThat(report.rewritten()).isEqualTo(300);
            assertThat(report.movedKeys()).isEqualTo(300);
            assertThat(report.indexes()).containsExactly("ByStatus");
            assertThat(sample.ordersOf("c-1"))
                    .hasSize(60)
                    .allSatisfy(o -> assertThat(o.total())
                            .isEqualTo(Long.parseLong(o.orderId().substring(2)) * 100));
            assertThat(sample.withStatus("SHIPPED")).hasSize(100);
        }
        assertThat(text.toString(StandardCharsets.UTF_8))
                .contains("migration plan of table ShopOrders")
                .contains("ATTRIBUTE_NAME Total on io.partita.samples.migration.ShopOrder")
                .contains("KEY_TEMPLATE on io.partita.samples.migration.ShopOrder")
                .contains("the stored orders match the new design");
        // the import's bar, then the migration's: each ends its line when done
        assertThat(bar.toString(StandardCharsets.UTF_8))
                .contains("\rimport ShopOrders 300")
                .containsPattern("\rmigrate ShopOrders \\[#{20}\\] 100% [0-9,]+/[0-9,]+ .* done in ");
    }

    @Test
    void theSampleRunsInTheMainJob() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        try (Partita db = Partita.inMemory()) {
            new ShopMigrationSample(db).run(new PrintStream(text, true, StandardCharsets.UTF_8));
        }
        assertThat(text.toString(StandardCharsets.UTF_8))
                .contains("== 8. Shop migration")
                .contains("imported 1000 version-1 orders")
                .contains("orders of c-1: 200, shipped: 333");
    }
}
