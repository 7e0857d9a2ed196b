package io.partita.migration;

import io.partita.generated.EntityMapping;
import io.partita.internal.RuntimeMessage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The migration plan of one table: its declared steps and the entity mappings of the new design that items are
 * rewritten into. The processor generates one per table that declares migrations
 * ({@code OrderMigrations.PLAN}); it is deterministic, and {@link #id()} names it (the checkpoint of a run is kept
 * under that name, so a changed plan never resumes another plan's run).
 *
 * <pre>{@code
 * public static final MigrationPlan PLAN = MigrationPlan.builder("Orders")
 *         .entity("shop.Order", OrderRepository.MAPPING)
 *         .step(MigrationStep.renamedAttribute("shop.Order", "Amount", "Total"))
 *         .step(new MigrationStep("KEY_TEMPLATE", "", "shop.Order", "{...}", "{...}"))
 *         .build();
 * }</pre>
 */
public final class MigrationPlan {
    /** A randomly sharded attribute whose stored shard is kept when it is valid for the new shard count. */
    record KeptShard(String attribute, int shards, boolean suffix) {}

    private final String table;
    private final Map<String, EntityMapping<?>> entities;
    private final List<MigrationStep> steps;
    private final List<KeptShard> keptShards;
    private final String id;

    private MigrationPlan(Builder b) {
        this.table = b.table;
        this.entities = Map.copyOf(b.entities);
        this.steps = List.copyOf(b.steps);
        this.keptShards = List.copyOf(b.keptShards);
        this.id = table + "-" + digest(describe());
    }

    /** Starts the plan of the table with logical name {@code table}. */
    public static Builder builder(String table) {
        return new Builder(table);
    }

    /** The table's logical name. */
    public String table() {
        return table;
    }

    /** The plan's name: the table and a digest of its steps (stable across builds of the same declarations). */
    public String id() {
        return id;
    }

    public List<MigrationStep> steps() {
        return steps;
    }

    /** The entity mappings of the new design, by the entity's qualified name. */
    public Map<String, EntityMapping<?>> entities() {
        return entities;
    }

    List<KeptShard> keptShards() {
        return keptShards;
    }

    /** The steps of one change kind. */
    List<MigrationStep> steps(String change) {
        return steps.stream().filter(s -> s.change().equals(change)).toList();
    }

    /** The printable plan: the table, then one line per step with what running it does. */
    public String describe() {
        StringBuilder s = new StringBuilder("migration plan of table ").append(table);
        s.append(" (entities ")
                .append(entities.keySet().stream().sorted().toList())
                .append(")");
        if (steps.isEmpty()) {
            s.append(": no steps");
        }
        for (int i = 0; i < steps.size(); i++) {
            s.append('\n').append(i + 1).append(". ").append(steps.get(i));
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return describe();
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Collects the plan's entities and steps. */
    public static final class Builder {
        private final String table;
        private final Map<String, EntityMapping<?>> entities = new LinkedHashMap<>();
        private final List<MigrationStep> steps = new ArrayList<>();
        private final List<KeptShard> keptShards = new ArrayList<>();

        private Builder(String table) {
            this.table = Objects.requireNonNull(table, "table");
        }

        /** An entity of the table in its new design, by its qualified name. */
        public Builder entity(String qualifiedName, EntityMapping<?> mapping) {
            if (!mapping.table().name().equals(table)) {
                throw new IllegalArgumentException(RuntimeMessage.MigrationEntityOfOtherTable.format(
                        qualifiedName, mapping.table().name(), table));
            }
            entities.put(qualifiedName, mapping);
            return this;
        }

        public Builder step(MigrationStep step) {
            steps.add(Objects.requireNonNull(step, "step"));
            return this;
        }

        /** The step of {@code change} on {@code target}, declared on {@code declaredOn}. */
        public Builder step(String change, String target, String declaredOn, String from, String to) {
            return step(new MigrationStep(change, target, declaredOn, from, to));
        }

        /**
         * A randomly sharded ({@code @Scatter} without {@code by}) attribute: a stored shard that is valid for
         * {@code shards} is kept, not drawn again (so a re-run finds the item migrated). {@code suffix}: the shard is
         * the {@code #<shard>} suffix of a rendered key, not a Number attribute.
         */
        public Builder randomShard(String attribute, int shards, boolean suffix) {
            keptShards.add(new KeptShard(attribute, shards, suffix));
            return this;
        }

        public MigrationPlan build() {
            return new MigrationPlan(this);
        }
    }
}
