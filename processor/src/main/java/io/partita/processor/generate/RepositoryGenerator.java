package io.partita.processor.generate;

import io.partita.processor.diag.Diagnostics;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.Origin;
import io.partita.processor.model.TableModel;
import java.io.IOException;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;

/**
 * Generates the code of a validated table, one generator per artifact: for every entity
 * {@code <Entity>Repository} ({@link EntityRepositoryGenerator}, with its query builders from
 * {@link QueryBuilderGenerator} and {@link PartitionStages}, {@code TABLE} from {@link TableDefinitionCode},
 * {@code MAPPING} from {@link MappingCode}), a {@code <Entity><Index>View} record per KEYS_ONLY/INCLUDE GSI
 * ({@link ViewGenerator}); for a shared table {@code <Table>Repository} ({@link SharedTableGenerator}); schemas of
 * nested records/classes ({@link NestedSchemaGenerator}); and the {@link RepositoryIndex} of what it wrote. An
 * entity with a field type the runtime cannot map gets {@code UnsupportedFieldType} and no repository.
 */
public final class RepositoryGenerator implements Generator {
    private final Diagnostics diagnostics;
    private final Files files = new Files();
    private final NestedSchemaGenerator nested;
    private final Schemas schemas;
    private final ViewGenerator views;
    private final RepositoryIndex index = new RepositoryIndex();

    public RepositoryGenerator(ProcessingEnvironment env, Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
        this.nested = new NestedSchemaGenerator(env, diagnostics, files);
        this.schemas = new Schemas(new CodecExpressions(nested::schemaOf));
        this.views = new ViewGenerator(schemas, files);
    }

    /** Every repository written so far. */
    public RepositoryIndex index() {
        return index;
    }

    @Override
    public void generate(TableModel table, Filer filer) throws IOException {
        for (EntityModel entity : table.entities()) {
            try {
                new EntityRepositoryGenerator(table, new Layout(table, entity), schemas).write(files, views, filer);
                index.addEntity(table, entity);
            } catch (CodecExpressions.Unsupported e) {
                UnsupportedTypes.report(
                        diagnostics,
                        e,
                        entity.simpleName(),
                        entity.simpleName(),
                        Origin.of(entity.origin().element()));
            }
        }
        if (table.isShared() && !table.entities().isEmpty()) {
            new SharedTableGenerator(table).write(files, filer);
            index.addTable(table);
        }
        nested.writePending(schemas, filer);
    }
}
