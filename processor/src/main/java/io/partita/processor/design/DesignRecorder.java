package io.partita.processor.design;

import com.fasterxml.jackson.databind.JsonNode;
import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.generate.Generator;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.TableModel;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Collects every generated table of the compilation and, once processing is over, writes
 * {@link DesignFile#RESOURCE} and compares it with the baseline of {@code -Apartita.baseline} when given. A shared
 * table generated again in a later round (more entities) replaces its earlier model, so the file is written once,
 * from the last model of each table, like {@code repositories.idx}.
 */
public final class DesignRecorder implements Generator {
    private final Declarations declarations;
    private final FreshOrigins origins;
    private final Map<String, TableModel> tables = new TreeMap<>();
    /** Tables whose validation failed: left out of the file and of the comparison. */
    private final Set<String> failed = new HashSet<>();

    public DesignRecorder(Elements elements) {
        this.declarations = new Declarations(elements);
        this.origins = new FreshOrigins(elements);
    }

    @Override
    public void generate(TableModel table, Filer filer) {
        tables.put(table.name(), table);
        failed.remove(table.name());
    }

    /** A table reported errors: it is not compared (the compilation fails anyway). */
    public void failed(String tableName) {
        if (!tables.containsKey(tableName)) {
            failed.add(tableName);
        }
    }

    /** Compares with the baseline (if {@code baseline} is set) and writes the design file. */
    public void finish(Optional<String> baseline, Filer filer, Diagnostics diagnostics) throws IOException {
        Map<String, Map<String, Object>> facts = new TreeMap<>();
        Map<String, Changes> changes = new TreeMap<>();
        List<Declarations.Declared> all = new ArrayList<>();
        for (TableModel t : tables.values()) {
            facts.put(t.name(), DesignFacts.of(t));
            List<Declarations.Declared> declared = declarations.of(t);
            all.addAll(declared);
            changes.put(t.name(), new Changes(diagnostics, origins, declared));
        }
        if (baseline.isPresent()) {
            compare(baseline.get(), facts, changes, all, diagnostics);
        }
        Map<String, Object> out = new TreeMap<>();
        for (TableModel t : tables.values()) {
            Changes c = changes.get(t.name());
            for (EntityModel e : t.entities()) {
                for (FieldModel f : e.storedFields()) {
                    declarations.formerly(f).ifPresent(old -> c.renamed(f.attributeName(), old, e.qualifiedName()));
                }
            }
            Map<String, Object> table = new TreeMap<>(facts.get(t.name()));
            table.put("migrations", c.steps());
            out.put(t.name(), table);
        }
        if (!out.isEmpty()) {
            write(DesignFile.print(out), filer);
        }
    }

    private void compare(
            String path,
            Map<String, Map<String, Object>> facts,
            Map<String, Changes> changes,
            List<Declarations.Declared> all,
            Diagnostics diagnostics) {
        JsonNode baseline;
        try {
            baseline = DesignFile.readTables(Path.of(path));
        } catch (DesignFile.Unreadable e) {
            diagnostics.report(Rule.UnreadableBaseline, null, path, e.reason());
            return;
        }
        Changes compilation = new Changes(diagnostics, origins, all);
        for (Iterator<Map.Entry<String, JsonNode>> it = baseline.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            TableModel table = tables.get(e.getKey());
            if (table != null) {
                new TableComparison(
                                table,
                                e.getValue(),
                                DesignFile.tree(facts.get(e.getKey())),
                                changes.get(e.getKey()),
                                declarations)
                        .compare();
            } else if (!failed.contains(e.getKey())) {
                compilation.removed(
                        e.getKey(), null, Phrase.ANY_TABLE_TYPE.with(), Phrase.REMOVED_TABLE.with(e.getKey()), "");
            }
        }
    }

    private void write(String text, Filer filer) throws IOException {
        Set<Element> origins = new LinkedHashSet<>();
        for (TableModel t : tables.values()) {
            origins.add(t.origin().element());
            t.entities().forEach(e -> origins.add(e.origin().element()));
        }
        origins.remove(null);
        FileObject file = filer.createResource(
                StandardLocation.CLASS_OUTPUT, "", DesignFile.RESOURCE, origins.toArray(Element[]::new));
        try (OutputStream out = file.openOutputStream()) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
