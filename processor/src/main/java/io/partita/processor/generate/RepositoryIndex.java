package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.TableModel;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * {@value #INDEX}: every repository generated in a compilation, one sorted line each of tab-separated {@code entity}
 * or {@code table}, the repository's binary name, the entity's (or shared-table interface's) binary name and the
 * table name. A Spring Boot starter (or any framework) reads it to register every repository without classpath
 * scanning.
 */
public final class RepositoryIndex {
    /** The class-output resource the index is written to. */
    public static final String INDEX = "META-INF/partita/repositories.idx";

    private final SortedSet<String> lines = new TreeSet<>();
    private final List<Element> origins = new ArrayList<>();

    void addEntity(TableModel table, EntityModel entity) {
        add("entity", GeneratedNames.repositoryClass(entity), GeneratedNames.entityClass(entity), table.name());
        origins.add(entity.origin().element());
    }

    void addTable(TableModel table) {
        add("table", GeneratedNames.tableRepositoryClass(table), GeneratedNames.tableType(table), table.name());
        origins.add(table.origin().element());
    }

    private void add(String kind, ClassName repository, ClassName type, String table) {
        lines.add(String.join("\t", kind, repository.reflectionName(), type.reflectionName(), table));
    }

    /** The lines so far, sorted. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** Writes the index, unless no repository was generated. */
    public void write(Filer filer) throws IOException {
        if (lines.isEmpty()) {
            return;
        }
        FileObject file =
                filer.createResource(StandardLocation.CLASS_OUTPUT, "", INDEX, origins.toArray(Element[]::new));
        try (Writer w = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
            for (String line : lines) {
                w.write(line);
                w.write('\n');
            }
        }
    }
}
