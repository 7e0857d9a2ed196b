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
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.wire.CreateTableRequests;
import io.partita.wire.Wire;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes, per validated table, two class-output resources: {@code META-INF/partita/<Table>.md}, the design
 * report (key schema, indexes, each entity's access patterns, write amplification, sparse/scatter/LSI notes),
 * and {@code META-INF/partita/<Table>.create-table.json}, DynamoDB's CreateTable request for
 * {@code aws dynamodb create-table --cli-input-json file://...}. Both come from the same {@link Layout} the
 * repository generator declares {@code TABLE} from, so the JSON equals what the runtime's
 * {@code CreateTableJson} prints for the generated {@code TABLE}. Output is deterministic (model order only).
 */
public final class ReportGenerator implements Generator {
    /** The resource folder, under the class output. */
    public static final String FOLDER = "META-INF/partita/";

    private final Set<String> written = new HashSet<>();

    @Override
    public void generate(TableModel table, Filer filer) throws IOException {
        if (table.entities().isEmpty() || !written.add(table.name())) {
            return; // a shared table validated again in a later round: already written
        }
        List<Layout> layouts =
                table.entities().stream().map(e -> new Layout(table, e)).toList();
        Element[] origins = origins(table);
        write(filer, FOLDER + table.name() + ".create-table.json", createTableJson(table, layouts), origins);
        write(filer, FOLDER + table.name() + ".md", markdown(table, layouts), origins);
        if (TimeToLiveFields.attribute(table).isPresent()) {
            write(filer, FOLDER + table.name() + ".update-time-to-live.json", updateTimeToLiveJson(table), origins);
        }
    }

    /**
     * The UpdateTimeToLive request enabling time to live on the table's {@code @Ttl} attribute, for
     * {@code aws dynamodb update-time-to-live --cli-input-json file://...} (CreateTable does not take it).
     */
    static String updateTimeToLiveJson(TableModel table) {
        String attribute = TimeToLiveFields.attribute(table).orElseThrow();
        return Wire.pretty(g -> {
                    g.writeStartObject();
                    g.writeStringField("TableName", table.name());
                    g.writeObjectFieldStart("TimeToLiveSpecification");
                    g.writeBooleanField("Enabled", true);
                    g.writeStringField("AttributeName", attribute);
                    g.writeEndObject();
                    g.writeEndObject();
                })
                + "\n";
    }

    private static Element[] origins(TableModel table) {
        Set<Element> out = new LinkedHashSet<>();
        out.add(table.origin().element());
        table.entities().forEach(e -> out.add(e.origin().element()));
        return out.toArray(Element[]::new);
    }

    private static void write(Filer filer, String path, String text, Element[] origins) throws IOException {
        FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", path, origins);
        try (Writer w = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
            w.write(text);
        }
    }

    // ---- CreateTable JSON --------------------------------------------------------------------------------

    /**
     * The CreateTable request of the table the layouts declare (as the generated {@code TABLE}), written by the
     * wire codec: AttributeDefinitions hold each key attribute once, in first-use order (table, LSIs, GSIs).
     */
    static String createTableJson(TableModel table, List<Layout> layouts) {
        TableDefinition definition = tableDefinition(table, layouts);
        Map<String, KeyAttribute> definitions = new LinkedHashMap<>();
        for (KeyAttribute key : CreateTableRequests.keyAttributeUses(definition)) {
            definitions.putIfAbsent(key.name(), key);
        }
        return CreateTableRequests.print(definition, definitions.values()) + "\n";
    }

    /** The core's definition of the table: key schema, LSIs then GSIs in model order, their projections. */
    static TableDefinition tableDefinition(TableModel table, List<Layout> layouts) {
        Layout first = layouts.get(0);
        TableDefinition.Builder b =
                TableDefinition.builder(table.name()).partitionKey(keyAttribute(first.basePartition.get(0)));
        if (!first.baseSort.isEmpty()) {
            b.sortKey(keyAttribute(first.baseSort.get(0)));
        }
        for (IndexLayout l : Layout.tableIndexes(table, layouts)) {
            if (l.isGsi()) {
                b.globalSecondaryIndex(new GlobalSecondaryIndex(
                        l.index().name(),
                        keyAttributes(l.partition()),
                        keyAttributes(l.sort()),
                        projection(l.index())));
            } else {
                b.localSecondaryIndex(l.index().name(), keyAttribute(l.sort().get(0)), projection(l.index()));
            }
        }
        return b.build();
    }

    private static KeyAttribute keyAttribute(KeyAttr a) {
        AttributeType type = switch (a.type()) {
            case S -> AttributeType.S;
            case N -> AttributeType.N;
            case B -> AttributeType.B;
        };
        return new KeyAttribute(a.attribute(), type);
    }

    private static List<KeyAttribute> keyAttributes(List<KeyAttr> attrs) {
        return attrs.stream().map(ReportGenerator::keyAttribute).toList();
    }

    private static Projection projection(IndexModel index) {
        return switch (index.projection()) {
            case ALL -> Projection.all();
            case KEYS_ONLY -> Projection.keysOnly();
            case INCLUDE ->
                Projection.include(index.include().stream()
                        .map(IndexModel.Included::attribute)
                        .toList());
        };
    }

    // ---- Markdown report ---------------------------------------------------------------------------------

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

        timeToLive(md, table);

        md.append("## Indexes\n\n");
        if (indexes.isEmpty()) {
            md.append("None.\n\n");
        } else {
            md.append(
                    "| index | kind | partition key | sort key | projection | written by |\n|---|---|---|---|---|---|\n");
            for (IndexLayout l : indexes) {
                IndexModel index = l.index();
                List<KeyAttr> partition = l.isGsi() ? l.partition() : first.basePartition;
                String writers = layouts.stream()
                        .filter(x -> x.indexes.stream()
                                .anyMatch(i -> i.index().name().equals(index.name())))
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

        md.append("## Entities\n");
        for (Layout l : layouts) {
            entity(md, table, l);
        }

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
        return md.toString();
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
                .append(RepositoryGenerator.repositoryClass(e).simpleName())
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
                            ? RepositoryGenerator.viewClass(e, i.index()).simpleName()
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

        // write amplification
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

        List<String> notes = new ArrayList<>();
        for (FieldModel f : e.storedFields()) {
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
        if (!notes.isEmpty()) {
            md.append('\n');
            notes.forEach(n -> md.append("- ").append(n).append('\n'));
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
        return index.projection().name();
    }
}
