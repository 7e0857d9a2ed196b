package io.partita.junit;

import io.partita.Partita;
import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import io.partita.storage.StorageOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link PartitaTest}. Test support, not runtime: it may look up a repository's static
 * {@code of(Partita)} factory through method handles, which the runtime itself never does.
 */
public final class PartitaExtension implements ParameterResolver, AfterEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(PartitaExtension.class);
    private static final String DATABASE = "database";

    /** One test's database: the core and the Partita on it, closed together. */
    private record Database(Storage storage, Partita partita, Path directory)
            implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            partita.close();
            storage.close();
            if (directory != null) {
                try (Stream<Path> files = Files.walk(directory)) {
                    files.sorted(Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete the test's database directory " + directory, e);
                }
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Partita.class || type == Storage.class || factoryOf(type).isPresent();
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Database db = database(context);
        Class<?> type = parameter.getParameter().getType();
        if (type == Partita.class) {
            return db.partita();
        }
        if (type == Storage.class) {
            return db.storage();
        }
        MethodHandle factory = factoryOf(type).orElseThrow();
        try {
            return factory.invoke(db.partita());
        } catch (Throwable e) {
            throw new ParameterResolutionException(
                    "Could not open " + type.getName() + " with " + type.getSimpleName() + ".of(Partita): " + e, e);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Database db = context.getStore(NAMESPACE).get(DATABASE, Database.class);
        if (db != null && settings(context).map(PartitaTest::checkInvariants).orElse(true)) {
            db.storage().checkInvariants();
        }
    }

    /** The database of the current test, created on first use (constructor parameters use the method's). */
    private static Database database(ExtensionContext context) {
        return context.getStore(NAMESPACE)
                .getOrComputeIfAbsent(
                        DATABASE,
                        k -> {
                            StorageOptions options = StorageOptions.defaults();
                            long delay = settings(context)
                                    .map(PartitaTest::gsiPropagationDelayMillis)
                                    .orElse(0L);
                            if (delay > 0) {
                                options = options.withAsyncGsiPropagation(Duration.ofMillis(delay));
                            }
                            boolean durable =
                                    settings(context).map(PartitaTest::durable).orElse(false)
                                            || "durable".equals(System.getProperty("partita.storage"));
                            if (!durable) {
                                Storage storage = Storage.inMemory(options);
                                return new Database(storage, Partita.using(storage), null);
                            }
                            Path dir;
                            try {
                                dir = Files.createTempDirectory("partita-test");
                            } catch (IOException e) {
                                throw new UncheckedIOException(
                                        "cannot create a temporary directory for the test's database", e);
                            }
                            Storage storage = Storage.open(
                                    dir,
                                    DurableOptions.defaults()
                                            .withStorageOptions(options)
                                            .withCacheBytes(8L * 1024 * 1024));
                            return new Database(storage, Partita.using(storage), dir);
                        },
                        Database.class);
    }

    /** The nearest {@code @PartitaTest}: on the method, else on the class or an enclosing class. */
    private static Optional<PartitaTest> settings(ExtensionContext context) {
        Optional<ExtensionContext> c = Optional.of(context);
        while (c.isPresent()) {
            Optional<AnnotatedElement> element = c.get().getElement();
            if (element.isPresent()) {
                Optional<PartitaTest> found = AnnotationSupport.findAnnotation(element.get(), PartitaTest.class);
                if (found.isPresent()) {
                    return found;
                }
            }
            c = c.get().getParent();
        }
        return Optional.empty();
    }

    /** A public static {@code of(Partita)} returning the type itself: how every generated repository opens. */
    private static Optional<MethodHandle> factoryOf(Class<?> type) {
        if (!Modifier.isPublic(type.getModifiers())) {
            return Optional.empty();
        }
        try {
            return Optional.of(
                    MethodHandles.publicLookup().findStatic(type, "of", MethodType.methodType(type, Partita.class)));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return Optional.empty();
        }
    }
}
