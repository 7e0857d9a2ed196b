package io.partita.migration;

import java.util.Objects;

/**
 * One step of a {@link MigrationPlan}: one declared change of the design.
 *
 * @param change     {@code ATTRIBUTE_NAME} ({@code @Attribute(formerly)}) or a {@code Migration.Change} constant:
 *                   {@code TABLE_KEY}, {@code INDEX_KEY}, {@code KEY_TEMPLATE}, {@code DISCRIMINATOR}, {@code SCATTER},
 *                   {@code ATTRIBUTE_TYPE}, {@code REMOVAL}
 * @param target     the attribute, index or removed element; empty for the table's key, the {@code @Key} templates
 *                   and the discriminator
 * @param declaredOn the qualified name of the type carrying the declaration
 * @param from       the old value (a renamed attribute's former name, an entity's former discriminator value, the
 *                   baseline's fact as JSON), or null when the compilation had no baseline to take it from
 * @param to         the new value, or null
 */
public record MigrationStep(String change, String target, String declaredOn, String from, String to) {
    public static final String ATTRIBUTE_NAME = "ATTRIBUTE_NAME";
    public static final String DISCRIMINATOR = "DISCRIMINATOR";

    public MigrationStep {
        Objects.requireNonNull(change, "change");
        target = target == null ? "" : target;
        Objects.requireNonNull(declaredOn, "declaredOn");
    }

    /** A renamed stored attribute of entity {@code declaredOn}: {@code from} -> {@code to}. */
    public static MigrationStep renamedAttribute(String declaredOn, String from, String to) {
        return new MigrationStep(ATTRIBUTE_NAME, to, declaredOn, from, to);
    }

    /** What running the step does, for {@link MigrationPlan#describe()}. */
    public String action() {
        return switch (change) {
            case ATTRIBUTE_NAME -> "rewrite items: stored attribute " + from + " -> " + to;
            case "KEY_TEMPLATE" ->
                target.isEmpty()
                        ? "rewrite items under the new key (write new, delete old, one transaction per item)"
                        : "rewrite the key attributes of index " + target;
            case DISCRIMINATOR -> "rewrite items: discriminator " + show(from) + " -> " + show(to);
            case "SCATTER" -> "rewrite the shard attributes of index " + target;
            case "ATTRIBUTE_TYPE" -> "rewrite items: attribute " + target + " in its new type";
            case "INDEX_KEY" -> "create index " + target + " and await its backfill (re-create a changed one first)";
            case "TABLE_KEY" -> "copy every item into a new table with the new key schema (the old table is left)";
            case "REMOVAL" -> "nothing to rewrite: " + target + " is removed on purpose";
            default -> "rewrite items into the new design";
        };
    }

    private static String show(String value) {
        return value == null ? "(unknown: compiled without a baseline)" : value;
    }

    @Override
    public String toString() {
        return change + (target.isEmpty() ? "" : " " + target) + " on " + declaredOn + ": " + action();
    }
}
