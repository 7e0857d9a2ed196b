package io.partita.it;

import io.partita.Partita;
import java.util.function.Supplier;

/**
 * Where every repository test gets its database. By default the embedded core in memory; with
 * {@code -Dpartita.it.database=<class>} a {@code Supplier<Partita>} of that name (the dynamodb module runs this
 * same suite against DynamoDB Local that way: see its pom). Each call is a fresh, empty database.
 */
final class TestDatabase {
    static final String PROPERTY = "partita.it.database";

    private TestDatabase() {}

    static Partita open() {
        String factory = System.getProperty(PROPERTY);
        if (factory == null || factory.isBlank()) {
            return Partita.inMemory();
        }
        try {
            @SuppressWarnings("unchecked")
            Supplier<Partita> supplier = Class.forName(factory)
                    .asSubclass(Supplier.class)
                    .getDeclaredConstructor()
                    .newInstance();
            return supplier.get();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the test database factory " + factory, e);
        }
    }
}
