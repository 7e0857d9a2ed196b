package io.partita.processor.generate;

import io.partita.processor.model.TableModel;
import java.io.IOException;
import javax.annotation.processing.Filer;

/**
 * The third phase: writes source files (and resources) for a table whose validation report has no errors:
 * {@link RepositoryGenerator}, {@link ReportGenerator}. A generator reads only
 * the model: names, types and key layouts come from {@link TableModel} and its parts; it uses
 * {@code Origin.element()} only as the originating element of each file it writes, emits one top-level
 * type per file, {@code @Generated} without a timestamp, and members in a deterministic order.
 * Register implementations in {@code PartitaProcessor}.
 */
public interface Generator {
    void generate(TableModel table, Filer filer) throws IOException;
}
