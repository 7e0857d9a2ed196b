package io.partita.it.migrate;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.partita.Partita;
import io.partita.migration.MigrationOptions;
import io.partita.migration.Migrations;
import io.partita.storage.value.AttributeValue;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The child process of {@link MigrationCrashTest}: opens the durable database in {@code args[0]} and runs
 * {@code MigShopMigrations.PLAN} until it is killed, on {@code args[1]} segments with small pages (many checkpoints).
 * After each rewrite the database acknowledged it logs {@code A <id>}, flushed to the file {@code args[2]} first and
 * then to stdout, where the parent counts them to pick the moment of the kill (as {@code CrashWriter} does).
 */
public final class MigrationCrashWriter {
    private MigrationCrashWriter() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int segments = Integer.parseInt(args[1]);
        PrintStream log = new PrintStream(new BufferedOutputStream(new FileOutputStream(args[2]), 4096), false, UTF_8);
        PrintStream progress =
                new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 4096), false, UTF_8);
        try (Partita db = Partita.open(dir)) {
            line(log, progress, "READY");
            Migrations.on(db)
                    .plan(MigShopMigrations.PLAN)
                    .apply(MigrationOptions.defaults()
                            .withSegments(segments)
                            .withThreads(segments)
                            .withPageSize(5)
                            .withRewriteListener((oldKey, item) -> {
                                Object id = item.get("id");
                                line(log, progress, "A " + ((AttributeValue) id).asS());
                            }));
            line(log, progress, "DONE");
        }
    }

    private static synchronized void line(PrintStream log, PrintStream progress, String line) {
        log.println(line);
        log.flush();
        progress.println(line);
        progress.flush();
    }
}
