package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldIndexKey;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TemplateIndexKey;
import javax.lang.model.SourceVersion;

/**
 * Annotations in a place their table form does not allow (single-entity tables take field keys,
 * shared tables take templates), and query-method names.
 */
final class StructureValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        if (table.isShared()) {
            shared(table, report);
        } else {
            single(table, report);
        }
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.fields()) {
                for (FieldIndexKey k : f.indexKeys()) {
                    if (k.hasTemplateAttributes()) {
                        report.add(Rule.MisplacedAnnotation, k.origin(), Phrase.TEMPLATES_ON_FIELD.with(f.describe()));
                    }
                    checkQuery(k.query(), k.origin().attribute("query"), report);
                }
            }
            for (TemplateIndexKey k : e.templateIndexKeys()) {
                checkQuery(k.query(), k.origin().attribute("query"), report);
            }
        }
    }

    private static void checkQuery(String query, io.partita.processor.model.Origin origin, ValidationReport report) {
        if (!query.isEmpty() && (!SourceVersion.isIdentifier(query) || SourceVersion.isKeyword(query))) {
            report.add(Rule.InvalidQueryName, origin, query);
        }
    }

    private static void single(TableModel table, ValidationReport report) {
        if (table.partitionAttribute().isPresent() || table.sortAttribute().isPresent()) {
            report.add(
                    Rule.MisplacedAnnotation,
                    table.origin().attribute(table.partitionAttribute().isPresent() ? "partitionKey" : "sortKey"),
                    Phrase.TABLE_KEYS_ON_ENTITY.with(table.simpleDeclaringName()));
        }
        for (IndexModel index : table.indexes()) {
            if (index.isOverloaded()) {
                report.add(
                        Rule.MisplacedAnnotation,
                        index.origin().attribute(index.partitionAttribute().isPresent() ? "partitionKey" : "sortKey"),
                        Phrase.INDEX_KEYS_ON_SINGLE_TABLE.with(
                                index.kind().annotation(),
                                index.kind() == io.partita.processor.model.IndexKind.GSI ? "@GsiKey" : "@LsiKey",
                                index.name()));
            }
        }
        for (EntityModel e : table.entities()) {
            e.key()
                    .ifPresent(k -> report.add(
                            Rule.MisplacedAnnotation, k.origin(), Phrase.KEY_ON_SINGLE_TABLE.with(e.simpleName())));
            for (TemplateIndexKey k : e.templateIndexKeys()) {
                report.add(
                        Rule.MisplacedAnnotation,
                        k.origin(),
                        Phrase.TYPE_INDEX_KEY_ON_SINGLE_TABLE.with(
                                k.kind() == io.partita.processor.model.IndexKind.GSI ? "@GsiKey" : "@LsiKey",
                                e.simpleName()));
            }
        }
    }

    private static void shared(TableModel table, ValidationReport report) {
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.fields()) {
                f.partitionKey()
                        .or(f::sortKey)
                        .ifPresent(o -> report.add(
                                Rule.MisplacedAnnotation,
                                o,
                                Phrase.FIELD_KEY_ON_SHARED_TABLE.with(
                                        f.partitionKey().isPresent() ? "@PartitionKey" : "@SortKey",
                                        f.describe(),
                                        e.simpleName(),
                                        table.name(),
                                        f.name(),
                                        e.simpleName())));
            }
        }
    }
}
