package io.partita.migration;

import java.time.Duration;
import java.util.List;

/**
 * What a run of a plan found and did — or, for a dry run, would do.
 *
 * @param plan        the plan's {@link MigrationPlan#id()}
 * @param table       the table holding the new design's items: the plan's table, or on a key schema change the new
 *                    table the items are copied into
 * @param dryRun      true when nothing was written
 * @param scanned     items read by this run (a resumed run counts only what it read itself)
 * @param migrated    items found in the new design's form already (on a copy: found copied already)
 * @param rewritten   items rewritten or copied (dry run: that need it)
 * @param movedKeys   of those, the items whose key changes (write-new-then-delete-old) or that are copied into the
 *                    new table
 * @param foreign     items of no entity of the plan (other types of a shared table), left as they are
 * @param conflicts   rewrites refused because the item changed meanwhile or its new key was taken; a later run
 *                    picks them up. On a copy, also the old items whose new key holds the copy of another old item
 *                    (a key collision): never overwritten, counted again by every run (dry runs included) until one
 *                    of the two old items is removed
 * @param conflictKeys the new keys of the first 20 conflicts, as text ({@code {Customer={S: "c1"}, Id={S: "o5"}}})
 * @param tableToCreate a dry run of a copy whose new table does not exist yet (a run creates it first)
 * @param indexes     global secondary indexes created (dry run: missing)
 * @param resumed     true when the run went on from a checkpoint
 * @param stopped     true when the run was stopped before the end (its checkpoint is kept)
 * @param elapsed     how long the run took
 */
public record MigrationReport(
        String plan,
        String table,
        boolean dryRun,
        long scanned,
        long migrated,
        long rewritten,
        long movedKeys,
        long foreign,
        long conflicts,
        List<String> conflictKeys,
        boolean tableToCreate,
        List<String> indexes,
        boolean resumed,
        boolean stopped,
        Duration elapsed) {
    public MigrationReport {
        conflictKeys = List.copyOf(conflictKeys);
        indexes = List.copyOf(indexes);
    }

    /**
     * True when the table matches the new design: a dry run that found the table there (a copy's new table exists),
     * nothing to rewrite, no conflict and no index missing, or a run that ended without a stop or a conflict.
     */
    public boolean complete() {
        return dryRun
                ? !tableToCreate && rewritten == 0 && conflicts == 0 && indexes.isEmpty()
                : !stopped && conflicts == 0;
    }

    /** The plan's table, from the plan id ({@code <table>-<digest>}). */
    private String planTable() {
        int dash = plan.lastIndexOf('-');
        return dash < 0 ? plan : plan.substring(0, dash);
    }

    /** Items rewritten per second of the run. */
    public double itemsPerSecond() {
        long ms = elapsed.toMillis();
        return ms == 0 ? 0 : rewritten * 1000.0 / ms;
    }

    @Override
    public String toString() {
        return (dryRun ? "dry run of " : "run of ") + plan + (table.equals(planTable()) ? "" : " into table " + table)
                + ": " + scanned + " scanned, " + migrated
                + " already migrated, " + rewritten + (dryRun ? " to rewrite (" : " rewritten (") + movedKeys
                + " under a new key), " + foreign + " of other types, " + conflicts + " conflicts"
                + (conflictKeys.isEmpty() ? "" : " at new keys " + conflictKeys)
                + (tableToCreate ? "; table " + table + " to create" : "")
                + "; indexes " + (dryRun ? "missing " : "created ") + indexes + (resumed ? "; resumed" : "")
                + (stopped ? "; stopped" : "")
                + "; " + elapsed.toMillis() + " ms";
    }
}
