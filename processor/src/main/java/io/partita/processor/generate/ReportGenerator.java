package io.partita.processor.generate;

import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TimeToLiveFields;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.StreamViewType;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeType;
import io.partita.wire.CreateTableRequests;
import io.partita.wire.Wire;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
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
        table.streamView().ifPresent(v -> b.stream(StreamViewType.valueOf(v)));
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
}
