package io.partita.migration;

import io.partita.DesignReport;
import io.partita.Partita;
import io.partita.TableNameResolver;
import io.partita.internal.RuntimeMessage;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One plan on one database: {@link #describe()} prints it, {@link #dryRun()} counts what it would touch,
 * {@link #apply()} runs it. Running it again after it completed rewrites nothing; running it after a crash or a
 * {@link #stop()} goes on from its checkpoint.
 *
 * <p>When the new design's table key schema differs from the deployed table's (a {@code TABLE_KEY} change: the
 * partition or sort key's attribute or type, or a local secondary index), {@link #apply()} copies every item into a
 * new table, {@link #targetTable()}, and leaves the old one as it is; the application switches over by resolving
 * the table's logical name to the new table ({@link #tableNames()}), see {@code docs/migrations.md}.
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
    private final String copyTarget;
    private final AtomicBoolean stop = new AtomicBoolean();

    Migration(Partita db, MigrationPlan plan) {
        this(db, plan, plan.id());
    }

    private Migration(Partita db, MigrationPlan plan, String copyTarget) {
        this.db = Objects.requireNonNull(db, "db");
        this.plan = Objects.requireNonNull(plan, "plan");
        this.copyTarget = Objects.requireNonNull(copyTarget, "copyTarget");
        if (copyTarget.equals(plan.table())) {
            throw new IllegalArgumentException(RuntimeMessage.MigrationCopyIntoItself.format(plan.table(), copyTarget));
        }
    }

    /**
     * This migration copying, on a table key schema change, into the table with logical name {@code table} (resolved
     * by the database's {@link TableNameResolver} like every table name) instead of the derived one, the plan's id
     * ({@code <table>-<digest>}).
     */
    public Migration intoTable(String table) {
        return new Migration(db, plan, table);
    }

    /** True when the deployed table's key schema differs from the new design's: {@link #apply()} copies the table. */
    public boolean copiesTable() {
        return TableCopy.keySchemaChanged(
                db.requests().describeTable(plan.table()).definition(), TableCopy.design(plan));
    }

    /** The table the new design's items are in after {@link #apply()}: the plan's table, or the copy. */
    public String targetTable() {
        return copiesTable() ? copyTarget : plan.table();
    }

    /**
     * The cutover: the database's table names with the plan's table resolved to {@link #targetTable()}. Build the
     * new version's database with it ({@code Partita.builder(backend).tableNames(m.tableNames())}) once the copy is
     * complete; every repository of the table then reads and writes the new table.
     */
    public TableNameResolver tableNames() {
        TableNameResolver base = db.tableNames();
        String target = targetTable();
        String table = plan.table();
        return logical -> base.resolve(logical.equals(table) ? target : logical);
    }

    /** The design check of the new design's table where its items are ({@link #targetTable()}). */
    public DesignReport check() {
        return db.tables().check(TableCopy.design(plan).withName(targetTable()));
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
        return new RewritePass(db, plan, copyTarget, options, false, new AtomicBoolean()).run();
    }

    /** Runs the plan with the default options. */
    public MigrationReport apply() {
        return apply(MigrationOptions.defaults());
    }

    /**
     * Creates the missing indexes (awaiting their backfill), then rewrites every item not in the new design's form;
     * resumes from the plan's checkpoint when an earlier run was cut short. On a table key schema change, creates the
     * new table instead and copies every item into it, ending with the new table's design check.
     */
    public MigrationReport apply(MigrationOptions options) {
        stop.set(false);
        return new RewritePass(db, plan, copyTarget, options, true, stop).run();
    }

    /** Asks a running {@link #apply} to stop after the item at hand; its checkpoint stays for the next run. */
    public void stop() {
        stop.set(true);
    }
}
