package io.partita.processor.generate;

import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.ProjectionKind;
import io.partita.processor.model.Role;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TemplateIndexKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The model seen from the generator: for one entity of a validated table, where every key attribute's
 * value comes from, which parameters each access pattern takes, and what each query returns. Pure
 * computation over the model; no JavaPoet, no runtime names.
 */
final class Layout {

    /** DynamoDB's scalar key types. */
    enum KeyType {
        S,
        N,
        B
    }

    /** Where a key attribute's value comes from. */
    sealed interface Source permits FieldSource, TemplateSource, ShardSource, ScatteredTemplateSource {}

    /** The field's own attribute (single-entity tables). */
    record FieldSource(FieldModel field) implements Source {}

    /** A string rendered from a template over fields (shared tables). */
    record TemplateSource(KeyTemplate template) implements Source {}

    /**
     * The synthetic shard number {@code <index>_shard} of a scattered GSI: an extra part of a multi-attribute
     * partition key, or the whole partition key of a GSI with only a sort key.
     */
    record ShardSource(ScatterModel scatter) implements Source {}

    /** An overloaded partition-key template of a scattered shared GSI, rendered with the suffix {@code #<shard>}. */
    record ScatteredTemplateSource(KeyTemplate template, ScatterModel scatter) implements Source {}

    /** One key attribute. */
    record KeyAttr(String attribute, KeyType type, Source source) {}

    /** How an index query's items are decoded. */
    enum Result {
        /** The entity (ALL projection, or an LSI whose unprojected attributes are fetched). */
        ENTITY,
        /** A generated {@code <Entity><Index>View} record holding the projected attributes. */
        VIEW
    }

    /**
     * One queryable index of an entity.
     *
     * @param index the index
     * @param method the query method name on the repository
     * @param partition the index partition-key attributes (empty for an LSI: the table's)
     * @param sort the index sort-key attributes
     * @param result what the query returns
     * @param viewFields the stored fields the view holds (projected attributes), in entity order
     * @param scatter the index's {@code @Scatter}, if any
     */
    record IndexLayout(
            IndexModel index,
            String method,
            List<KeyAttr> partition,
            List<KeyAttr> sort,
            Result result,
            List<FieldModel> viewFields,
            Optional<ScatterModel> scatter) {
        boolean isGsi() {
            return index.kind() == IndexKind.GSI;
        }
    }

    final TableModel table;
    final EntityModel entity;
    final List<KeyAttr> basePartition;
    final List<KeyAttr> baseSort;
    final List<IndexLayout> indexes;

    Layout(TableModel table, EntityModel entity) {
        this.table = table;
        this.entity = entity;
        if (table.isShared()) {
            var key = entity.key().orElseThrow();
            basePartition = List.of(new KeyAttr(
                    table.partitionAttribute().orElseThrow(), KeyType.S, new TemplateSource(key.partition())));
            baseSort = key.sort().isPresent() && table.sortAttribute().isPresent()
                    ? List.of(new KeyAttr(
                            table.sortAttribute().get(),
                            KeyType.S,
                            new TemplateSource(key.sort().get())))
                    : List.of();
        } else {
            basePartition =
                    entity.partitionKeyFields().stream().map(Layout::fieldAttr).toList();
            baseSort = entity.sortKeyFields().stream().map(Layout::fieldAttr).toList();
        }
        List<IndexLayout> out = new ArrayList<>();
        for (IndexModel index : table.indexes()) {
            if (table.isFirstOfItsName(index) && entity.participatesIn(index.name())) {
                out.add(index(index));
            }
        }
        indexes = List.copyOf(out);
    }

    private IndexLayout index(IndexModel index) {
        List<KeyAttr> partition = new ArrayList<>();
        List<KeyAttr> sort = new ArrayList<>();
        String method = lowerCamel(index.name());
        Optional<TemplateIndexKey> template = entity.templateKey(index.name());
        Optional<ScatterModel> scatter =
                index.kind() == IndexKind.GSI ? entity.scatter(index.name()) : Optional.empty();
        if (template.isPresent()) {
            TemplateIndexKey t = template.get();
            t.partition()
                    .ifPresent(p -> partition.add(new KeyAttr(
                            index.partitionAttribute().orElseThrow(),
                            KeyType.S,
                            scatter.<Source>map(sc -> new ScatteredTemplateSource(p, sc))
                                    .orElse(new TemplateSource(p)))));
            t.sort()
                    .ifPresent(s -> sort.add(
                            new KeyAttr(index.sortAttribute().orElseThrow(), KeyType.S, new TemplateSource(s))));
            if (!t.query().isEmpty()) {
                method = t.query();
            }
        } else {
            for (var part : entity.fieldKeyParts(index.name(), Role.PARTITION)) {
                partition.add(fieldAttr(part.field()));
                if (!part.key().query().isEmpty()) {
                    method = part.key().query();
                }
            }
            for (var part : entity.fieldKeyParts(index.name(), Role.SORT)) {
                sort.add(fieldAttr(part.field()));
                if (!part.key().query().isEmpty()) {
                    method = part.key().query();
                }
            }
            if (index.kind() == IndexKind.GSI && scatter.isPresent()) {
                // appended: a native multi-attribute partition key [fields..., shard], or the shard alone
                partition.add(new KeyAttr(scatter.get().shardAttribute(), KeyType.N, new ShardSource(scatter.get())));
            }
        }
        boolean view = index.kind() == IndexKind.GSI && index.projection() != ProjectionKind.ALL;
        List<FieldModel> viewFields = view ? projected(index, partition, sort) : List.of();
        return new IndexLayout(
                index,
                method,
                List.copyOf(partition),
                List.copyOf(sort),
                view ? Result.VIEW : Result.ENTITY,
                viewFields,
                scatter);
    }

    /**
     * The indexes a table declares to the backend, in declaration order, each with the layout of the first
     * entity that fills it; an index no entity fills has no key to declare and is left out.
     */
    static List<IndexLayout> tableIndexes(TableModel table, List<Layout> layouts) {
        List<IndexLayout> out = new ArrayList<>();
        Set<String> done = new LinkedHashSet<>();
        for (IndexModel index : table.indexes()) {
            if (!table.isFirstOfItsName(index) || !done.add(index.name())) {
                continue;
            }
            layouts.stream()
                    .flatMap(l -> l.indexes.stream())
                    .filter(i -> i.index().name().equals(index.name()))
                    .findFirst()
                    .ifPresent(out::add);
        }
        return List.copyOf(out);
    }

    /** Stored fields whose attribute an index projects: table keys, index keys, INCLUDE names. */
    private List<FieldModel> projected(IndexModel index, List<KeyAttr> partition, List<KeyAttr> sort) {
        Set<String> fields = new LinkedHashSet<>();
        for (KeyAttr a : concat(basePartition, baseSort, partition, sort)) {
            fields.addAll(fieldsOf(a));
        }
        Set<String> attributes = new LinkedHashSet<>();
        if (index.projection() == ProjectionKind.INCLUDE) {
            index.include().forEach(i -> attributes.add(i.attribute()));
        }
        return entity.storedFields().stream()
                .filter(f -> fields.contains(f.name()) || attributes.contains(f.attributeName()))
                .toList();
    }

    /** Names of the fields a key attribute is computed from. */
    static List<String> fieldsOf(KeyAttr a) {
        if (a.source() instanceof FieldSource f) {
            return List.of(f.field().name());
        }
        if (a.source() instanceof TemplateSource t) {
            return t.template().placeholders().stream()
                    .map(KeyTemplate.Placeholder::field)
                    .toList();
        }
        if (a.source() instanceof ScatteredTemplateSource t) {
            return t.template().placeholders().stream()
                    .map(KeyTemplate.Placeholder::field)
                    .toList();
        }
        return List.of();
    }

    /** The parameters (fields, in order, without repeats) that identify values of some key attributes. */
    List<FieldModel> parameters(List<KeyAttr> attrs) {
        Set<String> names = new LinkedHashSet<>();
        attrs.forEach(a -> names.addAll(fieldsOf(a)));
        return names.stream().map(n -> entity.storedField(n).orElseThrow()).toList();
    }

    /** get/delete parameters: base key parts in order. */
    List<FieldModel> keyParameters() {
        return parameters(concat(basePartition, baseSort));
    }

    @SafeVarargs
    static <T> List<T> concat(List<? extends T>... lists) {
        List<T> out = new ArrayList<>();
        for (List<? extends T> l : lists) {
            out.addAll(l);
        }
        return out;
    }

    static KeyAttr fieldAttr(FieldModel f) {
        return new KeyAttr(f.attributeName(), keyType(f.type()), new FieldSource(f));
    }

    static KeyType keyType(JavaType t) {
        return switch (t.category()) {
            case NUMBER -> KeyType.N;
            case BINARY -> KeyType.B;
            default -> KeyType.S;
        };
    }

    /** "GameTitleIndex" -> "gameTitleIndex", "GSI1" -> "gsi1", "by-location" -> "byLocation". */
    static String lowerCamel(String name) {
        StringBuilder sb = new StringBuilder();
        boolean upperNext = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                upperNext = sb.length() > 0;
                continue;
            }
            sb.append(upperNext ? Character.toUpperCase(c) : c);
            upperNext = false;
        }
        String s = sb.toString();
        int upper = 0;
        while (upper < s.length() && Character.isUpperCase(s.charAt(upper))) {
            upper++;
        }
        // "GSI1" -> "gsi1"; "URLIndex" -> "urlIndex"; "GameTitleIndex" -> "gameTitleIndex"
        int lower = upper <= 1 || upper == s.length() || !Character.isLetter(s.charAt(upper)) ? upper : upper - 1;
        lower = Math.max(lower, 1);
        String out = s.substring(0, Math.min(lower, s.length())).toLowerCase(Locale.ROOT)
                + s.substring(Math.min(lower, s.length()));
        if (out.isEmpty() || !Character.isJavaIdentifierStart(out.charAt(0))) {
            out = "index" + out;
        }
        return javax.lang.model.SourceVersion.isKeyword(out) ? out + "Index" : out;
    }

    static String upperCamel(String name) {
        String l = lowerCamel(name);
        return Character.toUpperCase(l.charAt(0)) + l.substring(1);
    }
}
