package io.partita.server;

import io.partita.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A server of its own for a test class, on a free 127.0.0.1 port: in memory, or durable in a temporary directory
 * (deleted on close), each with the execution its mode gets by default (event loops in memory, the pool durable).
 */
final class ServerUnderTest implements AutoCloseable {
    enum Mode {
        MEMORY,
        DURABLE
    }

    final Mode mode;
    final PartitaServer server;
    final Storage storage;
    private final Path directory;

    private ServerUnderTest(Mode mode, PartitaServer server, Storage storage, Path directory) {
        this.mode = mode;
        this.server = server;
        this.storage = storage;
        this.directory = directory;
    }

    static ServerUnderTest start(Mode mode) {
        return start(mode, PartitaServer.Options.defaults());
    }

    static ServerUnderTest start(Mode mode, PartitaServer.Options options) {
        Path dir = null;
        try {
            Storage storage;
            if (mode == Mode.DURABLE) {
                dir = Files.createTempDirectory("partita-server-test");
                storage = Storage.open(dir);
            } else {
                storage = Storage.inMemory();
            }
            return new ServerUnderTest(mode, PartitaServer.start(options.port(0), storage), storage, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.close(); // closes the store too
        if (directory != null) {
            try (Stream<Path> files = Files.walk(directory)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public String toString() {
        return mode.name().toLowerCase(java.util.Locale.ROOT);
    }
}
