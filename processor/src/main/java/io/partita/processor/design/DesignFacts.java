package io.partita.processor.design;

import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.Role;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TemplateIndexKey;
import io.partita.processor.model.TimeToLiveFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One table of {@code design.json}: the facts stored data depends on, from the validated model only. Objects are
 * {@link TreeMap}s (sorted keys) and lists keep key order, so the same design always prints the same bytes. The
 * layout is documented in docs/design-file.md; every key name here is part of that format.
 */
final class DesignFacts {
    private DesignFacts() {}

    static Map<String, Object> of(TableModel table) {
        Map<String, Object> t = new TreeMap<>();
        t.put("declaringType", table.declaringType());
        t.put("kind", table.kind().name());
        t.put("partitionKey", basePartition(table));
        t.put("sortKey", baseSort(table));
        t.put("discriminator", table.isShared() ? table.discriminator() : null);
        Map<String, Object> indexes = new TreeMap<>();
        for (IndexModel index : table.indexes()) {
            if (table.isFirstOfItsName(index)) {
                indexes.put(index.name(), index(table, index));
            }
        }
        t.put("indexes", indexes);
        Map<String, Object> entities = new TreeMap<>();
        for (EntityModel e : table.entities()) {
            entities.put(e.qualifiedName(), entity(table, e));
        }
        t.put("entities", entities);
        t.put("timeToLive", TimeToLiveFields.attribute(table).orElse(null));
        t.put("stream", table.streamView().orElse(null));
        return t;
    }

    private static List<Object> basePartition(TableModel table) {
        if (table.isShared()) {
            return table.partitionAttribute()
                    .map(a -> List.<Object>of(key(a, "S")))
                    .orElse(List.of());
        }
        return keys(table.entities().get(0).partitionKeyFields());
    }

    private static List<Object> baseSort(TableModel table) {
        if (table.isShared()) {
            return table.sortAttribute().map(a -> List.<Object>of(key(a, "S"))).orElse(List.of());
        }
        return keys(table.entities().get(0).sortKeyFields());
    }

    private static Map<String, Object> index(TableModel table, IndexModel index) {
        Map<String, Object> i = new TreeMap<>();
        i.put("kind", index.kind().name());
        List<Object> partition = new ArrayList<>();
        List<Object> sort = new ArrayList<>();
        boolean sparse = false;
        if (index.isOverloaded()) {
            index.partitionAttribute().ifPresent(a -> partition.add(key(a, "S")));
            index.sortAttribute().ifPresent(a -> sort.add(key(a, "S")));
        } else {
            for (EntityModel e : table.entities()) {
                List<EntityModel.FieldKeyPart> p = e.fieldKeyParts(index.name(), Role.PARTITION);
                List<EntityModel.FieldKeyPart> s = e.fieldKeyParts(index.name(), Role.SORT);
                if (partition.isEmpty() && sort.isEmpty() && (!p.isEmpty() || !s.isEmpty())) {
                    p.forEach(k -> partition.add(key(k.field())));
                    s.forEach(k -> sort.add(key(k.field())));
                }
                sparse |= p.stream().anyMatch(k -> k.field().sparse().isPresent())
                        || s.stream().anyMatch(k -> k.field().sparse().isPresent());
            }
            boolean scattered = table.entities().stream()
                    .anyMatch(e -> e.scatter(index.name()).isPresent());
            if (scattered && index.kind() == IndexKind.GSI) {
                partition.add(key(index.name() + "_shard", "N"));
            }
        }
        i.put("partitionKey", partition);
        i.put("sortKey", sort);
        i.put("projection", index.projection().name());
        i.put(
                "include",
                index.include().stream()
                        .map(IndexModel.Included::attribute)
                        .sorted()
                        .toList());
        i.put("sparse", sparse);
        return i;
    }

    private static Map<String, Object> entity(TableModel table, EntityModel e) {
        Map<String, Object> m = new TreeMap<>();
        m.put("type", e.type().orElse(null));
        m.put(
                "key",
                e.key()
                        .map(k -> templates(Optional.of(k.partition()), k.sort()))
                        .orElse(null));
        Map<String, Object> indexKeys = new TreeMap<>();
        for (TemplateIndexKey k : e.templateIndexKeys()) {
            indexKeys.putIfAbsent(k.index(), templates(k.partition(), k.sort()));
        }
        m.put("indexKeys", indexKeys);
        Map<String, Object> scatter = new TreeMap<>();
        for (ScatterModel s : e.scatters()) {
            scatter.putIfAbsent(s.index(), scatter(table, e, s));
        }
        m.put("scatter", scatter);
        Map<String, Object> attributes = new TreeMap<>();
        for (FieldModel f : e.storedFields()) {
            attributes.putIfAbsent(f.attributeName(), attribute(f));
        }
        m.put("attributes", attributes);
        return m;
    }

    private static Map<String, Object> templates(Optional<KeyTemplate> partition, Optional<KeyTemplate> sort) {
        Map<String, Object> m = new TreeMap<>();
        m.put("partition", partition.map(KeyTemplate::source).orElse(null));
        m.put("sort", sort.map(KeyTemplate::source).orElse(null));
        return m;
    }

    private static Map<String, Object> scatter(TableModel table, EntityModel e, ScatterModel s) {
        Map<String, Object> m = new TreeMap<>();
        m.put("shards", s.shards());
        m.put("by", s.by());
        Optional<IndexModel> index = table.index(s.index());
        String layout;
        if (index.isPresent() && index.get().isOverloaded()) {
            layout = "TEMPLATE_SUFFIX";
        } else if (e.fieldKeyParts(s.index(), Role.PARTITION).isEmpty()) {
            layout = "SHARD_PARTITION_KEY";
        } else {
            layout = "SHARD_KEY_PART";
        }
        m.put("layout", layout);
        return m;
    }

    private static Map<String, Object> attribute(FieldModel f) {
        Map<String, Object> m = new TreeMap<>();
        m.put("field", f.name());
        m.put("type", storedType(f));
        f.converter().ifPresent(c -> m.put("converter", c.className()));
        return m;
    }

    /** DynamoDB's type letters; a time-to-live Instant is stored as Number epoch seconds. */
    static String storedType(FieldModel f) {
        if (f.ttl().isPresent()) {
            return JavaType.Category.NUMBER.dynamoType();
        }
        return f.type().category().dynamoType();
    }

    private static Map<String, Object> key(FieldModel f) {
        return key(f.attributeName(), storedType(f));
    }

    private static List<Object> keys(List<FieldModel> fields) {
        return fields.stream().map(DesignFacts::key).map(Object.class::cast).toList();
    }

    private static Map<String, Object> key(String attribute, String type) {
        Map<String, Object> m = new TreeMap<>();
        m.put("attribute", attribute);
        m.put("type", type);
        return m;
    }
}
