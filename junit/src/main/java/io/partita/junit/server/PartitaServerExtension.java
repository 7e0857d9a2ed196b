package io.partita.junit.server;

import io.partita.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * The extension behind {@link PartitaServer}: one server per test class, kept in the class's store, so JUnit closes
 * it (and its database, and any SDK client handed out) when the class is done.
 */
public final class PartitaServerExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(PartitaServerExtension.class);
    private static final String SERVER = "server";
    private static final String SDK_CLIENT = "software.amazon.awssdk.services.dynamodb.DynamoDbClient";

    /** A running server, the directory of its durable database (null in memory) and its SDK client, if made. */
    static final class Running implements ExtensionContext.Store.CloseableResource {
        final io.partita.server.PartitaServer server;
        private final Path directory;
        private AutoCloseable client;

        Running(io.partita.server.PartitaServer server, Path directory) {
            this.server = server;
            this.directory = directory;
        }

        synchronized Object client() {
            if (client == null) {
                client = SdkClients.forEndpoint(server.endpoint());
            }
            return client;
        }

        @Override
        public void close() throws Exception {
            if (client != null) {
                client.close();
            }
            server.close(); // closes the database too
            if (directory != null) {
                try (Stream<Path> files = Files.walk(directory)) {
                    files.sorted(Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IllegalAccessException {
        Running running = running(context);
        for (Field f : injected(context.getRequiredTestClass())) {
            if (Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                f.set(null, value(f.getType(), running, f.toString()));
            }
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IllegalAccessException {
        Running running = running(context);
        for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
            for (Field f : injected(instance.getClass())) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    f.set(instance, value(f.getType(), running, f.toString()));
                }
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == URI.class || type.getName().equals(SDK_CLIENT);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return value(
                parameter.getParameter().getType(),
                running(context),
                parameter.getParameter().toString());
    }

    private static Object value(Class<?> type, Running running, String where) {
        if (type == URI.class) {
            return running.server.endpoint();
        }
        if (type.getName().equals(SDK_CLIENT)) {
            return running.client();
        }
        throw new ExtensionConfigurationException(
                "@PartitaServer.Inject sets a URI or a DynamoDbClient, not " + type.getName() + " (" + where + ")");
    }

    private static List<Field> injected(Class<?> type) {
        return AnnotationSupport.findAnnotatedFields(
                type, PartitaServer.Inject.class, f -> true, HierarchyTraversalMode.TOP_DOWN);
    }

    /** The class's server, started on first use. */
    private static Running running(ExtensionContext context) {
        ExtensionContext classContext = context;
        while (classContext.getTestMethod().isPresent()) {
            classContext = classContext.getParent().orElseThrow();
        }
        boolean durable = AnnotationSupport.findAnnotation(classContext.getRequiredTestClass(), PartitaServer.class)
                .map(PartitaServer::durable)
                .orElse(false);
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(SERVER, k -> start(durable), Running.class);
    }

    private static Running start(boolean durable) {
        Path dir = null;
        try {
            if (durable) {
                dir = Files.createTempDirectory("partita-server-test");
            }
            Storage storage = dir == null ? Storage.inMemory() : Storage.open(dir);
            io.partita.server.PartitaServer server = io.partita.server.PartitaServer.start(
                    io.partita.server.PartitaServer.Options.defaults()
                            .bind("127.0.0.1")
                            .port(0),
                    storage);
            return new Running(server, dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the server's database", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the Partita server", e);
        }
    }
}
