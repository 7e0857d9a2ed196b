package io.partita.migration;

import io.partita.Partita;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One plan on one database: {@link #describe()} prints it, {@link #dryRun()} counts what it would touch,
 * {@link #apply()} runs it. Running it again after it completed rewrites nothing; running it after a crash or a
 * {@link #stop()} goes on from its checkpoint.
 *
 * <pre>{@code
 * Migration m = Migrations.on(db).plan(OrderMigrations.PLAN);
 * System.out.println(m.describe());
 * System.out.println(m.dryRun());                      // what it would rewrite
 * MigrationReport r = m.apply(MigrationOptions.defaults().withProgress(ConsoleProgressBar.onConsole()));
 * assert m.dryRun().complete();                        // the stored items match the new design
 * }</pre>
 */
public final class Migration {
    private final Partita db;
    private final MigrationPlan plan;
    private final AtomicBoolean stop = new AtomicBoolean();

    Migration(Partita db, MigrationPlan plan) {
        this.db = Objects.requireNonNull(db, "db");
        this.plan = Objects.requireNonNull(plan, "plan");
    }

    public MigrationPlan plan() {
        return plan;
    }

    /** The printable plan. */
    public String describe() {
        return plan.describe();
    }

    /** Scans the table and counts what a run would do, writing nothing (default options). */
    public MigrationReport dryRun() {
        return dryRun(MigrationOptions.defaults());
    }

    /** Scans the table and counts what a run would do, writing nothing. */
    public MigrationReport dryRun(MigrationOptions options) {
        return new RewritePass(db, plan, options, false, new AtomicBoolean()).run();
    }

    /** Runs the plan with the default options. */
    public MigrationReport apply() {
        return apply(MigrationOptions.defaults());
    }

    /**
     * Creates the missing indexes (awaiting their backfill), then rewrites every item not in the new design's form;
     * resumes from the plan's checkpoint when an earlier run was cut short.
     */
    public MigrationReport apply(MigrationOptions options) {
        stop.set(false);
        return new RewritePass(db, plan, options, true, stop).run();
    }

    /** Asks a running {@link #apply} to stop after the item at hand; its checkpoint stays for the next run. */
    public void stop() {
        stop.set(true);
    }
}
