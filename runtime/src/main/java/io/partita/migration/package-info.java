/**
 * Running the migrations a design declares ({@code @Migration}, {@code @Attribute(formerly)}): the processor
 * generates a {@link io.partita.migration.MigrationPlan} per table ({@code <Type>Migrations.PLAN}), and
 * {@link io.partita.migration.Migrations#on(io.partita.Partita)} shows it, counts what it would touch and applies it —
 * missing global secondary indexes created with their backfill awaited, then every item not in the new design's form
 * rewritten by a rate-limited parallel scan, write-new-then-delete-old in one transaction per item, resumable from a
 * per-segment checkpoint stored in the database. See docs/migrations.md.
 *
 * <p>The entry point is a static {@code Migrations.on(db)} rather than a {@code Partita} method: this package builds
 * on {@code io.partita} and {@code io.partita.generated}, and the runtime's packages are free of cycles.
 */
package io.partita.migration;
