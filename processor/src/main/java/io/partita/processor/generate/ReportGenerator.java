package io.partita.processor.generate;

import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.ProjectionKind;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TimeToLiveFields;
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
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes, per validated table, two class-output resources: {@code META-INF/partita/<Table>.md}, the design
 * report ({@link DesignReport}), and {@code META-INF/partita/<Table>.create-table.json}, DynamoDB's CreateTable request for
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
        write(filer, FOLDER + table.name() + ".md", DesignReport.markdown(table, layouts), origins);
        if (TimeToLiveFields.attribute(table).isPresent()) {
            write(filer, FOLDER + table.name() + ".update-time-to-live.json", updateTimeToLiveJson(table), origins);
        }
    }

    /**
     * The UpdateTimeToLive request enabling time to live on the table's {@code @Ttl} attribute, for
     * {@code aws dynamodb update-time-to-live --cli-input-json file://...} (CreateTable does not take it).
     */
    static String updateTimeToLiveJson(TableModel table) {
        Json root = Json.object()
                .put("TableName", table.name())
                .put(
                        "TimeToLiveSpecification",
                        Json.object()
                                .put("Enabled", true)
                                .put(
                                        "AttributeName",
                                        TimeToLiveFields.attribute(table).orElseThrow()));
        StringBuilder sb = new StringBuilder();
        root.write(sb, "");
        return sb.append('\n').toString();
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
     * The CreateTable request: TableName, AttributeDefinitions (each key attribute once, in first use order:
     * table, LSIs, GSIs), KeySchema, LocalSecondaryIndexes, GlobalSecondaryIndexes (a multi-attribute key is
     * several HASH/RANGE elements in key order, the scatter shard attribute included), BillingMode.
     */
    static String createTableJson(TableModel table, List<Layout> layouts) {
        Layout first = layouts.get(0);
        List<IndexLayout> indexes = Layout.tableIndexes(table, layouts);
        List<IndexLayout> lsis = indexes.stream().filter(i -> !i.isGsi()).toList();
        List<IndexLayout> gsis = indexes.stream().filter(IndexLayout::isGsi).toList();
        Map<String, String> definitions = new LinkedHashMap<>();
        List<Json> keySchema = keySchema(first.basePartition, first.baseSort, definitions);
        List<Json> lsiNodes = new ArrayList<>();
        for (IndexLayout l : lsis) {
            lsiNodes.add(Json.object()
                    .put("IndexName", l.index().name())
                    .put("KeySchema", keySchema(first.basePartition, l.sort(), definitions))
                    .put("Projection", projection(l.index())));
        }
        List<Json> gsiNodes = new ArrayList<>();
        for (IndexLayout l : gsis) {
            gsiNodes.add(Json.object()
                    .put("IndexName", l.index().name())
                    .put("KeySchema", keySchema(l.partition(), l.sort(), definitions))
                    .put("Projection", projection(l.index())));
        }
        Json root = Json.object()
                .put("TableName", table.name())
                .put(
                        "AttributeDefinitions",
                        definitions.entrySet().stream()
                                .map(e -> Json.object()
                                        .put("AttributeName", e.getKey())
                                        .put("AttributeType", e.getValue()))
                                .toList())
                .put("KeySchema", keySchema);
        if (!lsiNodes.isEmpty()) {
            root.put("LocalSecondaryIndexes", lsiNodes);
        }
        if (!gsiNodes.isEmpty()) {
            root.put("GlobalSecondaryIndexes", gsiNodes);
        }
        root.put("BillingMode", "PAY_PER_REQUEST");
        StringBuilder sb = new StringBuilder();
        root.write(sb, "");
        return sb.append('\n').toString();
    }

    private static List<Json> keySchema(List<KeyAttr> hash, List<KeyAttr> range, Map<String, String> definitions) {
        List<Json> out = new ArrayList<>();
        for (KeyAttr a : hash) {
            definitions.putIfAbsent(a.attribute(), a.type().name());
            out.add(Json.object().put("AttributeName", a.attribute()).put("KeyType", "HASH"));
        }
        for (KeyAttr a : range) {
            definitions.putIfAbsent(a.attribute(), a.type().name());
            out.add(Json.object().put("AttributeName", a.attribute()).put("KeyType", "RANGE"));
        }
        return out;
    }

    private static Json projection(IndexModel index) {
        Json p = Json.object().put("ProjectionType", index.projection().name());
        if (index.projection() == ProjectionKind.INCLUDE) {
            p.put(
                    "NonKeyAttributes",
                    index.include().stream().map(IndexModel.Included::attribute).toList());
        }
        return p;
    }

    /** A tiny ordered JSON object writer: strings, lists of strings or objects, nested objects. */
    static final class Json {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        static Json object() {
            return new Json();
        }

        Json put(String name, Object value) {
            fields.put(name, value);
            return this;
        }

        void write(StringBuilder sb, String indent) {
            if (fields.isEmpty()) {
                sb.append("{}");
                return;
            }
            String inner = indent + "  ";
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                sb.append(inner);
                string(sb, e.getKey());
                sb.append(": ");
                value(sb, e.getValue(), inner);
                sb.append(++i < fields.size() ? ",\n" : "\n");
            }
            sb.append(indent).append('}');
        }

        private static void value(StringBuilder sb, Object v, String indent) {
            if (v instanceof Json j) {
                j.write(sb, indent);
            } else if (v instanceof List<?> list) {
                if (list.isEmpty()) {
                    sb.append("[]");
                    return;
                }
                String inner = indent + "  ";
                sb.append("[\n");
                for (int i = 0; i < list.size(); i++) {
                    sb.append(inner);
                    value(sb, list.get(i), inner);
                    sb.append(i + 1 < list.size() ? ",\n" : "\n");
                }
                sb.append(indent).append(']');
            } else if (v instanceof Boolean b) {
                sb.append(b);
            } else {
                string(sb, String.valueOf(v));
            }
        }

        static void string(StringBuilder sb, String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        }
    }
}
