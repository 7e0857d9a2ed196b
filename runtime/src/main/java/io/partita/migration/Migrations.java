package io.partita.migration;

import io.partita.Partita;
import java.util.Objects;

/**
 * The migrations of one database: {@code Migrations.on(db).plan(OrderMigrations.PLAN)}. A static entry point, not a
 * {@code Partita} method, so that the runtime's packages stay free of cycles (this one builds on {@code io.partita}).
 */
public final class Migrations {
    private final Partita db;

    private Migrations(Partita db) {
        this.db = Objects.requireNonNull(db, "db");
    }

    /** The migrations of {@code db}. */
    public static Migrations on(Partita db) {
        return new Migrations(db);
    }

    /** {@code plan} on this database. */
    public Migration plan(MigrationPlan plan) {
        return new Migration(db, plan);
    }
}
