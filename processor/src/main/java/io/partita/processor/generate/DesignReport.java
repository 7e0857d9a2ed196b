package io.partita.processor.generate;

import io.partita.processor.generate.Layout.FieldSource;
import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.Result;
import io.partita.processor.generate.Layout.ScatteredTemplateSource;
import io.partita.processor.generate.Layout.ShardSource;
import io.partita.processor.generate.Layout.TemplateSource;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.ProjectionKind;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TimeToLiveFields;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The design report {@code META-INF/partita/<Table>.md}: key schema, indexes (keys, projection, writers), and per
 * entity its type and discriminator, key sources, access patterns (each generated query method with its signature and
 * sort-key steps), write amplification, sparse, automatic-value and scatter notes, and the LSI item-collection note.
 * Deterministic, from the validated model only.
 */
final class DesignReport {
    private DesignReport() {}

    static String markdown(TableModel table, List<Layout> layouts) {
        Layout first = layouts.get(0);
        List<IndexLayout> indexes = Layout.tableIndexes(table, layouts);
        StringBuilder md = new StringBuilder();
        md.append("# Table `").append(table.name()).append("`\n\n");
        md.append(
                table.isShared()
                        ? "Shared table (single-table design) declared by `" + table.declaringType() + "`; "
                                + table.entities().size() + " entity types, told apart by the discriminator attribute `"
                                + table.discriminator() + "`."
                        : "Single-entity table of `" + table.declaringType() + "`.");
        md.append(" Billing mode PAY_PER_REQUEST. Create it with\n`aws dynamodb create-table --cli-input-json file://")
                .append(table.name())
                .append(".create-table.json`.\n\n");
        keySchema(md, first);
        timeToLive(md, table);
        changeStream(md, table);
        indexes(md, indexes, layouts);
        md.append("## Entities\n");
        for (Layout l : layouts) {
            entity(md, table, l);
        }
        tableNotes(md, indexes);
        return md.toString();
    }

    /** The "Key schema" section: the table's key attributes. */
    private static void keySchema(StringBuilder md, Layout first) {
        md.append("## Key schema\n\n| attribute | type | key |\n|---|---|---|\n");
        for (KeyAttr a : first.basePartition) {
            md.append("| `")
                    .append(a.attribute())
                    .append("` | ")
                    .append(a.type())
                    .append(" | partition (HASH) |\n");
        }
        for (KeyAttr a : first.baseSort) {
            md.append("| `")
                    .append(a.attribute())
                    .append("` | ")
                    .append(a.type())
                    .append(" | sort (RANGE) |\n");
        }
        md.append('\n');
    }

    /** The "Indexes" section: one row per index with its keys, projection and the entities writing it. */
    private static void indexes(StringBuilder md, List<IndexLayout> indexes, List<Layout> layouts) {
        md.append("## Indexes\n\n");
        if (indexes.isEmpty()) {
            md.append("None.\n\n");
            return;
        }
        md.append("| index | kind | partition key | sort key | projection | written by |\n|---|---|---|---|---|---|\n");
        for (IndexLayout l : indexes) {
            IndexModel index = l.index();
            List<KeyAttr> partition = l.isGsi() ? l.partition() : layouts.get(0).basePartition;
            String writers = layouts.stream()
                    .filter(x ->
                            x.indexes.stream().anyMatch(i -> i.index().name().equals(index.name())))
                    .map(x -> x.entity.simpleName())
                    .collect(Collectors.joining(", "));
            md.append("| `")
                    .append(index.name())
                    .append("` | ")
                    .append(index.kind())
                    .append(" | ")
                    .append(attrs(partition))
                    .append(" | ")
                    .append(l.sort().isEmpty() ? "—" : attrs(l.sort()))
                    .append(" | ")
                    .append(projectionText(index))
                    .append(" | ")
                    .append(writers)
                    .append(" |\n");
        }
        md.append('\n');
    }

    /** The table's "Notes": the LSI item-collection limit, GSI consistency, or that there is no index. */
    private static void tableNotes(StringBuilder md, List<IndexLayout> indexes) {
        List<IndexLayout> lsis = indexes.stream().filter(i -> !i.isGsi()).toList();
        md.append("\n## Notes\n\n");
        if (!lsis.isEmpty()) {
            md.append("- **LSI item-collection limit**: with ")
                    .append(lsis.size() == 1 ? "a local secondary index (" : "local secondary indexes (")
                    .append(lsis.stream().map(i -> "`" + i.index().name() + "`").collect(Collectors.joining(", ")))
                    .append(
                            "), all items sharing one partition-key value, together with their LSI entries, form an item "
                                    + "collection limited to 10 GB; a partition that can grow beyond it needs a GSI instead. LSIs are "
                                    + "created with the table and cannot be added later.\n");
        }
        if (indexes.stream().anyMatch(IndexLayout::isGsi)) {
            md.append(
                    "- GSIs are eventually consistent: their query builders have no `consistentRead()`; each GSI a put"
                            + " touches is one more write (see write amplification).\n");
        }
        if (indexes.isEmpty()) {
            md.append("- No secondary index: every access pattern is a key lookup or a query on the base table.\n");
        }
    }

    /** The "Change stream" section, for tables with a {@code @ChangeStream}. */
    private static void changeStream(StringBuilder md, TableModel table) {
        String view = table.streamView().orElse(null);
        if (view == null) {
            return;
        }
        md.append("## Change stream\n\nThe table writes a stream (view `")
                .append(view)
                .append("`, declared by ")
                .append(table.streams().stream()
                        .map(d -> "`@ChangeStream` on `" + d.declaringType() + "`")
                        .collect(Collectors.joining(", ")))
                .append("): one record per item-level change, kept 24 hours. CreateTable carries it"
                        + " (`StreamSpecification`); the repository's `changes()` reads it as typed changes.\n\n");
    }

    /** The "Time to live" section, for tables with a {@code @Ttl} field. */
    private static void timeToLive(StringBuilder md, TableModel table) {
        String attribute = TimeToLiveFields.attribute(table).orElse(null);
        if (attribute == null) {
            return;
        }
        md.append("## Time to live\n\nItems expire through attribute `")
                .append(attribute)
                .append("` (a Number of epoch seconds; `@Ttl` on ")
                .append(table.entities().stream()
                        .flatMap(e -> TimeToLiveFields.field(e).stream()
                                .map(f -> "`" + e.simpleName() + "." + f.name() + "`"))
                        .collect(Collectors.joining(", ")))
                .append("): deleted in the background once that time has passed, and returned by reads until then."
                        + " CreateTable does not take it: `db.tables().create(...)` enables it, or\n"
                        + "`aws dynamodb update-time-to-live --cli-input-json file://")
                .append(table.name())
                .append(".update-time-to-live.json`.\n\n");
    }

    /** One entity's section: type, repository, keys, access patterns, write amplification and notes. */
    private static void entity(StringBuilder md, TableModel table, Layout l) {
        EntityModel e = l.entity;
        md.append("\n### ").append(e.simpleName()).append("\n\n");
        md.append("- Type: `").append(e.qualifiedName()).append('`');
        e.type()
                .ifPresent(t -> md.append(", discriminator `")
                        .append(table.discriminator())
                        .append(" = \"")
                        .append(t)
                        .append("\"`"));
        md.append("\n- Repository: `")
                .append(GeneratedNames.repositoryClass(e).simpleName())
                .append("`\n");
        md.append("- Keys: ")
                .append(keyDescription(l.basePartition, "partition"))
                .append(l.baseSort.isEmpty() ? "" : "; " + keyDescription(l.baseSort, "sort"))
                .append('\n');
        for (IndexLayout i : l.indexes) {
            List<String> parts = new ArrayList<>();
            if (i.isGsi()) {
                parts.add(keyDescription(i.partition(), "partition"));
            }
            if (!i.sort().isEmpty()) {
                parts.add(keyDescription(i.sort(), "sort"));
            }
            md.append("- `")
                    .append(i.index().name())
                    .append("` keys: ")
                    .append(String.join("; ", parts))
                    .append('\n');
        }
        accessPatterns(md, l);
        writeAmplification(md, l);
        List<String> notes = new ArrayList<>();
        sparseNotes(notes, l);
        automaticValuesNote(notes, e);
        scatterNotes(notes, l);
        if (!notes.isEmpty()) {
            md.append('\n');
            notes.forEach(n -> md.append("- ").append(n).append('\n'));
        }
    }

    /** The entity's access patterns: {@code query}, {@code get} and each index's query method. */
    private static void accessPatterns(StringBuilder md, Layout l) {
        EntityModel e = l.entity;
        md.append("\nAccess patterns (generated query methods):\n\n| call | reads | returns |\n|---|---|---|\n");
        md.append("| `")
                .append(call(l, "query", l.basePartition, l.baseSort))
                .append("` | table | `")
                .append(e.simpleName())
                .append("` |\n");
        md.append("| `get(")
                .append(params(l.keyParameters()))
                .append(")` | table (one item) | `Optional<")
                .append(e.simpleName())
                .append(">` |\n");
        for (IndexLayout i : l.indexes) {
            List<KeyAttr> pk = (i.isGsi() ? i.partition() : l.basePartition)
                    .stream().filter(a -> !(a.source() instanceof ShardSource)).toList();
            String reads = "`" + i.index().name() + "` (" + i.index().kind()
                    + i.scatter()
                            .map(s -> ", gathers " + s.shards() + " shards")
                            .orElse("") + ")";
            String returns = "`"
                    + (i.result() == Result.VIEW
                            ? GeneratedNames.viewClass(e, i.index()).simpleName()
                            : e.simpleName())
                    + "`";
            if (!i.isGsi() && i.index().projection() != ProjectionKind.ALL) {
                returns += " (unprojected attributes fetched from the table, counted)";
            }
            md.append("| `")
                    .append(call(l, i.method(), pk, i.sort()))
                    .append("` | ")
                    .append(reads)
                    .append(" | ")
                    .append(returns)
                    .append(" |\n");
        }
    }

    /** {@code 1 + k} writes per put or delete, naming the indexes (sparse ones "when `field` is set"). */
    private static void writeAmplification(StringBuilder md, Layout l) {
        EntityModel e = l.entity;
        List<String> written = new ArrayList<>();
        for (IndexLayout i : l.indexes) {
            List<String> sparse = Layout.concat(i.isGsi() ? i.partition() : List.<KeyAttr>of(), i.sort()).stream()
                    .flatMap(a -> Layout.fieldsOf(a).stream())
                    .distinct()
                    .filter(f ->
                            e.storedField(f).map(x -> x.sparse().isPresent()).orElse(false))
                    .toList();
            written.add("`" + i.index().name() + "`"
                    + (sparse.isEmpty()
                            ? ""
                            : " (when "
                                    + sparse.stream().map(f -> "`" + f + "`").collect(Collectors.joining(" and ")) + " "
                                    + (sparse.size() == 1 ? "is" : "are") + " set)"));
        }
        md.append("\nWrite amplification: **1 + ")
                .append(l.indexes.size())
                .append("** writes per put or delete (the item")
                .append(written.isEmpty() ? "" : ", " + String.join(", ", written))
                .append(").\n");
    }

    /** Per {@code @Sparse} field: the indexes an item is absent from while it is null. */
    private static void sparseNotes(List<String> notes, Layout l) {
        for (FieldModel f : l.entity.storedFields()) {
            if (f.sparse().isPresent()) {
                List<String> in = l.indexes.stream()
                        .filter(i -> Layout.concat(i.partition(), i.sort()).stream()
                                .anyMatch(a -> Layout.fieldsOf(a).contains(f.name())))
                        .map(i -> "`" + i.index().name() + "`")
                        .toList();
                notes.add("Sparse: while `" + f.name() + "` is null the item is absent from "
                        + (in.isEmpty() ? "no index" : String.join(", ", in)) + ", so "
                        + (in.size() == 1 ? "that index holds" : "those indexes hold")
                        + " only items that set it.");
            }
        }
    }

    /** The attributes the repository writes itself ({@code @CreatedAt}, {@code @UpdatedAt}, {@code @Counter}). */
    private static void automaticValuesNote(List<String> notes, EntityModel e) {
        List<String> automatic = new ArrayList<>();
        for (FieldModel f : e.storedFields()) {
            f.autoValues().stream()
                    .findFirst()
                    .ifPresent(a -> automatic.add("`" + f.attributeName() + "` ("
                            + switch (a.kind()) {
                                case CREATED_AT -> "`@CreatedAt`: the clock's time when the item is first written";
                                case UPDATED_AT -> "`@UpdatedAt`: the clock's time of every put and update";
                                case COUNTER ->
                                    "`@Counter`: " + (a.delta() < 0 ? "- " + -a.delta() : "+ " + a.delta())
                                            + " per update, without a read, from " + a.start();
                            }
                            + ")"));
        }
        if (!automatic.isEmpty()) {
            notes.add("Written by the repository: " + String.join("; ", automatic) + ".");
        }
    }

    /** Per scattered index: shard count, layout, shard function and how its query gathers the shards. */
    private static void scatterNotes(List<String> notes, Layout l) {
        for (IndexLayout i : l.indexes) {
            if (i.scatter().isEmpty()) {
                continue;
            }
            ScatterModel s = i.scatter().get();
            String layout = i.partition().stream()
                    .filter(a -> a.source() instanceof ScatteredTemplateSource)
                    .findFirst()
                    .map(a -> "the partition key `" + a.attribute() + "` gets the suffix `#<shard>`")
                    .orElse(
                            i.partition().size() == 1
                                    ? "the partition key is the Number attribute `" + s.shardAttribute() + "`"
                                    : "the Number attribute `" + s.shardAttribute()
                                            + "` is the last partition-key part");
            String function = s.isRandom()
                    ? "random (`Shards.random(" + s.shards() + ")`), suited to write-once items"
                    : "`Shards.of(" + s.by() + ", " + s.shards()
                            + ")` (MurmurHash3 x86_32 of the key-template rendering of `" + s.by() + "`, modulo "
                            + s.shards() + "; stable across JVMs)";
            notes.add(
                    "Scatter `" + i.index().name() + "`: " + s.shards() + " shards; " + layout + "; shard = " + function
                            + ". `" + i.method() + "(...)` gathers all " + s.shards()
                            + " shards (one query each, bounded parallelism)"
                            + " and merges them in sort-key order; `limit`, `descending`, cursors and `count()` span the shards.");
        }
    }

    /**
     * {@code gameTitleIndex(String gameTitle).topScore()…}: the method, then each sort-key step; a partition of two
     * or more parts is given in stages too ({@code byBranchGenre().branch(String branch).genre(String genre)}).
     */
    private static String call(Layout l, String method, List<KeyAttr> partition, List<KeyAttr> sort) {
        List<FieldModel> parts = l.parameters(partition);
        StringBuilder sb = new StringBuilder(method);
        if (parts.size() < 2) {
            sb.append('(').append(params(parts)).append(')');
        } else { // one stage per partition-key part
            sb.append("()");
            parts.forEach(p -> sb.append('.')
                    .append(p.name())
                    .append('(')
                    .append(params(List.of(p)))
                    .append(')'));
        }
        List<FieldModel> steps = new ArrayList<>();
        for (KeyAttr a : sort) {
            if (a.source() instanceof FieldSource f) {
                steps.add(f.field());
            } else {
                Layout.fieldsOf(a)
                        .forEach(n -> steps.add(l.entity.storedField(n).orElseThrow()));
            }
        }
        for (int i = 0; i < steps.size(); i++) {
            FieldModel f = steps.get(i);
            sb.append('.')
                    .append(f.name())
                    .append(i + 1 < steps.size() ? "(" + simple(f) + " " + f.name() + ")" : "()…");
        }
        return sb.toString();
    }

    private static String params(List<FieldModel> fields) {
        return fields.stream().map(f -> simple(f) + " " + f.name()).collect(Collectors.joining(", "));
    }

    /** The field's type without package names: {@code String}, {@code List<Instant>}. */
    private static String simple(FieldModel f) {
        return Schemas.typeOf(f).toString().replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+", "");
    }

    private static String attrs(List<KeyAttr> attrs) {
        return attrs.stream()
                .map(a -> "`" + a.attribute() + "` (" + a.type() + ")")
                .collect(Collectors.joining(" + "));
    }

    private static String keyDescription(List<KeyAttr> attrs, String role) {
        return role + " "
                + attrs.stream()
                        .map(a -> "`" + a.attribute() + "` = " + source(a))
                        .collect(Collectors.joining(" + "));
    }

    private static String source(KeyAttr a) {
        if (a.source() instanceof FieldSource f) {
            return "field `" + f.field().name() + "`";
        }
        if (a.source() instanceof TemplateSource t) {
            return "`\"" + t.template().source() + "\"`";
        }
        if (a.source() instanceof ScatteredTemplateSource t) {
            return "`\"" + t.template().source() + "#<shard>\"`";
        }
        ShardSource s = (ShardSource) a.source();
        return "shard 0.." + (s.scatter().shards() - 1);
    }

    private static String projectionText(IndexModel index) {
        if (index.projection() == ProjectionKind.INCLUDE) {
            return "INCLUDE "
                    + index.include().stream()
                            .map(i -> "`" + i.attribute() + "`")
                            .collect(Collectors.joining(", "));
        }
        return index.projection().type().name();
    }
}
