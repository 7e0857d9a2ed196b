package io.partita.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The core the shared suites (conformance, model-based, stress) run on: in memory, or with
 * {@code -Dpartita.storage=durable} a durable core in a fresh temporary directory, deleted when the core is
 * closed. The suites are published in the test-jar, so any engine's build can run them both ways.
 */
public final class TestStorage {
    public static final String PROPERTY = "partita.storage";

    private TestStorage() {}

    public static boolean durable() {
        return "durable".equals(System.getProperty(PROPERTY));
    }

    public static Storage create() {
        return create(StorageOptions.defaults());
    }

    public static Storage create(StorageOptions options) {
        if (!durable()) {
            return Storage.inMemory(options);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("partita-durable-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DurableStorage s = Storage.open(
                dir, DurableOptions.defaults().withStorageOptions(options).withCacheBytes(8L * 1024 * 1024));
        return (Storage) Proxy.newProxyInstance(
                Storage.class.getClassLoader(), new Class<?>[] {Storage.class}, (proxy, method, args) -> {
                    try {
                        Object result = method.invoke(s, args);
                        if (method.getName().equals("close") && method.getParameterCount() == 0) {
                            deleteRecursively(dir);
                        }
                        return result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
