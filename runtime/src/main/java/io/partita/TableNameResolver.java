package io.partita;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * How a table's logical name (the {@code @Table} name, kept by table definitions, design reports and
 * CreateTable JSON) becomes the name of the deployed table, e.g. {@code Orders} → {@code prod-Orders}. Set once
 * when the database is built ({@link Partita.Builder#tableNames}); every repository, gather, batch, transaction,
 * item-collection query and table operation ({@link Tables}) of that database uses the resolved name.
 *
 * <pre>{@code
 * Partita db = PartitaDynamoDb.builder(client).tableNames(TableNameResolver.prefix("prod-")).build();
 * }</pre>
 *
 * A resolver must be a pure function: the same logical name always resolves to the same table, and two logical
 * names never to one table.
 */
@FunctionalInterface
public interface TableNameResolver {
    /** The deployed name of the table whose logical name is {@code logicalName}. */
    String resolve(String logicalName);

    /** Tables are deployed under their logical names (the default). */
    static TableNameResolver identity() {
        return Identity.INSTANCE;
    }

    /** {@code prefix + logicalName}, e.g. {@code prefix("dev-")}: {@code Orders} → {@code dev-Orders}. */
    static TableNameResolver prefix(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        return logical -> prefix + logical;
    }

    /** {@code logicalName + suffix}, e.g. {@code suffix("_tenant42")}. */
    static TableNameResolver suffix(String suffix) {
        Objects.requireNonNull(suffix, "suffix");
        return logical -> logical + suffix;
    }

    /** Any function of the logical name. */
    static TableNameResolver of(UnaryOperator<String> function) {
        Objects.requireNonNull(function, "function");
        return function::apply;
    }

    /** The identity resolver, recognised so that a database without renaming adds nothing to the request path. */
    enum Identity implements TableNameResolver {
        INSTANCE;

        @Override
        public String resolve(String logicalName) {
            return logicalName;
        }
    }
}
