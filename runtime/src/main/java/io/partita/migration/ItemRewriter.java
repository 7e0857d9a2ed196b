package io.partita.migration;

import io.partita.generated.EntityMapping;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.LocalSecondaryIndex;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides what one stored item becomes under the plan: the entity it belongs to (by discriminator, the new value or a
 * declared former one), its former attribute names moved to the new ones, then decoded and encoded again through the
 * new design's mapping — which renders the new key templates, index keys and shards. An item already in that form
 * needs nothing, so running a plan twice rewrites nothing the second time. Attributes the new design does not declare
 * (not a field, a key or index key, the discriminator or a shard of the entity) are carried over unchanged: other
 * writers or other versions of the application may own them. Only a renamed attribute's former name, and on a copy
 * into a new table the old table's key attributes, are left behind. Stateless and thread-safe.
 */
final class ItemRewriter {
    /** What an item becomes: the key it is stored under, and the item to store instead. */
    record Rewrite(Map<String, AttributeValue> oldKey, Map<String, AttributeValue> item, boolean keyChanged) {}

    /** How an item stands against the plan. */
    enum Verdict {
        /** In the new design's form already. */
        MIGRATED,
        /** Needs a rewrite. */
        REWRITE,
        /** Belongs to no entity of the plan (another entity type of a shared table, or unreadable): left as it is. */
        FOREIGN
    }

    record Outcome(Verdict verdict, Rewrite rewrite) {}

    /** An item in the new design's form, and the mapping of its entity. */
    record NewForm(EntityMapping<?> mapping, Map<String, AttributeValue> item) {}

    private final MigrationPlan plan;
    private final List<MigrationStep> renames;
    private final List<MigrationStep> discriminators;
    private final Map<String, Set<String>> declared = new HashMap<>();
    private final Set<String> leftBehind;

    /** Rewrites in place: every undeclared attribute is carried over. */
    ItemRewriter(MigrationPlan plan) {
        this(plan, Set.of());
    }

    /** {@code leftBehind}: attributes not carried over unless the new design declares them (an old key schema). */
    ItemRewriter(MigrationPlan plan, Set<String> leftBehind) {
        this.plan = plan;
        this.renames = plan.steps(MigrationStep.ATTRIBUTE_NAME);
        this.discriminators = plan.steps(MigrationStep.DISCRIMINATOR);
        this.leftBehind = Set.copyOf(leftBehind);
        plan.entities().forEach((name, mapping) -> declared.put(name, declaredBy(plan, mapping)));
    }

    /** What the new design of one entity writes or may write: fields, keys, index keys, discriminator, shards. */
    private static Set<String> declaredBy(MigrationPlan plan, EntityMapping<?> mapping) {
        Set<String> out = new HashSet<>(mapping.schema().attributeNames());
        TableDefinition t = mapping.table();
        out.add(t.partitionKey().name());
        t.sortKeyAttribute().ifPresent(k -> out.add(k.name()));
        for (GlobalSecondaryIndex g : t.globalSecondaryIndexes()) {
            g.partitionKey().stream().map(KeyAttribute::name).forEach(out::add);
            g.sortKey().stream().map(KeyAttribute::name).forEach(out::add);
        }
        for (LocalSecondaryIndex l : t.localSecondaryIndexes()) {
            out.add(l.sortKey().name());
        }
        mapping.discriminatorAttribute().ifPresent(out::add);
        mapping.versionAttribute().ifPresent(out::add);
        plan.keptShards().forEach(k -> out.add(k.attribute()));
        return out;
    }

    Outcome examine(Map<String, AttributeValue> stored) {
        NewForm form = newForm(stored);
        if (form == null) {
            return new Outcome(Verdict.FOREIGN, null);
        }
        Map<String, AttributeValue> target = form.item();
        if (target.equals(stored)) {
            return new Outcome(Verdict.MIGRATED, null);
        }
        Map<String, AttributeValue> oldKey = form.mapping().keyOf(stored);
        boolean moved = !form.mapping().keyOf(target).equals(oldKey);
        return new Outcome(Verdict.REWRITE, new Rewrite(oldKey, target, moved));
    }

    /** The stored item in the new design's form, or null when it belongs to no entity of the plan. */
    NewForm newForm(Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> item = new HashMap<>(stored);
        String entity = entityOf(item);
        if (entity == null) {
            return null;
        }
        EntityMapping<?> mapping = plan.entities().get(entity);
        for (MigrationStep r : renames) {
            if (r.declaredOn().equals(entity) && r.from() != null && item.containsKey(r.from())) {
                AttributeValue v = item.remove(r.from());
                item.putIfAbsent(r.to(), v);
            }
        }
        mapping.discriminatorAttribute()
                .ifPresent(a -> item.put(
                        a, AttributeValue.s(mapping.discriminatorValue().orElseThrow())));
        Map<String, AttributeValue> target;
        try {
            target = encode(mapping, item);
        } catch (RuntimeException e) {
            return null;
        }
        keepShards(stored, target);
        Set<String> ofEntity = declared.get(entity);
        item.forEach((name, value) -> {
            if (!ofEntity.contains(name) && !leftBehind.contains(name)) {
                target.putIfAbsent(name, value);
            }
        });
        return new NewForm(mapping, target);
    }

    private static <T> Map<String, AttributeValue> encode(EntityMapping<T> mapping, Map<String, AttributeValue> item) {
        T entity = mapping.fromItem(item);
        return new HashMap<>(mapping.toItem(entity));
    }

    /** The qualified name of the plan's entity the item belongs to, or null. */
    private String entityOf(Map<String, AttributeValue> item) {
        for (MigrationStep d : discriminators) {
            if (!plan.entities().containsKey(d.declaredOn()) && d.from() != null && d.to() != null) {
                // declared on the table type: the discriminator attribute itself was renamed
                AttributeValue v = item.remove(d.from());
                if (v != null) {
                    item.putIfAbsent(d.to(), v);
                }
            }
        }
        for (Map.Entry<String, EntityMapping<?>> e : plan.entities().entrySet()) {
            EntityMapping<?> m = e.getValue();
            if (m.discriminatorAttribute().isEmpty()) {
                return e.getKey();
            }
            AttributeValue type = item.get(m.discriminatorAttribute().get());
            if (type != null
                    && type.equals(AttributeValue.s(m.discriminatorValue().orElseThrow()))) {
                return e.getKey();
            }
            for (MigrationStep d : discriminators) {
                if (d.declaredOn().equals(e.getKey()) && type != null && type.equals(AttributeValue.s(d.from()))) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    /** Puts back a stored random shard that is still valid, instead of the one the encoding drew. */
    private void keepShards(Map<String, AttributeValue> stored, Map<String, AttributeValue> target) {
        for (MigrationPlan.KeptShard k : plan.keptShards()) {
            AttributeValue old = stored.get(k.attribute());
            AttributeValue now = target.get(k.attribute());
            if (old == null || now == null) {
                continue;
            }
            if (!k.suffix()
                    && old instanceof AttributeValue.N n
                    && validShard(n.value().toPlainString(), k.shards())) {
                target.put(k.attribute(), old);
            } else if (k.suffix() && old instanceof AttributeValue.S o && now instanceof AttributeValue.S n) {
                int oh = o.value().lastIndexOf('#');
                int nh = n.value().lastIndexOf('#');
                if (oh > 0
                        && nh > 0
                        && o.value().substring(0, oh).equals(n.value().substring(0, nh))
                        && validShard(o.value().substring(oh + 1), k.shards())) {
                    target.put(k.attribute(), old);
                }
            }
        }
    }

    private static boolean validShard(String number, int shards) {
        try {
            int n = Integer.parseInt(number);
            return n >= 0 && n < shards;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
