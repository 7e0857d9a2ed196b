package io.partita.it;

import io.partita.Partita;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The it/ suite on the durable core: {@code -Dpartita.it.database=io.partita.it.DurableDatabase} (the pom's
 * {@code durable} execution). Each database is {@code Partita.open} on a fresh temporary directory, removed when
 * the JVM exits.
 */
public final class DurableDatabase implements Supplier<Partita> {
    @Override
    public Partita get() {
        try {
            Path dir = Files.createTempDirectory("partita-it");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            return Partita.open(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort at exit
        }
    }
}
