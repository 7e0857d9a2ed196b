package io.partita.processor.validate;

import io.partita.processor.diag.Message;
import io.partita.processor.diag.Report;
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
  public void validate(TableModel table, Report report) {
    if (table.isShared()) {
      shared(table, report);
    } else {
      single(table, report);
    }
    for (EntityModel e : table.entities()) {
      for (FieldModel f : e.fields()) {
        for (FieldIndexKey k : f.indexKeys()) {
          if (k.hasTemplateAttributes()) {
            report.add(Message.MisplacedAnnotation, k.origin(),
                "pk/sk templates on " + f.describe() + " are not allowed",
                "templates belong on the entity type of a shared table; on a field, the field itself is the key"
                    + " (use role and order)");
          }
          checkQuery(k.query(), k.origin().attribute("query"), report);
        }
      }
      for (TemplateIndexKey k : e.templateIndexKeys()) {
        checkQuery(k.query(), k.origin().attribute("query"), report);
      }
    }
  }

  private static void checkQuery(String query, io.partita.processor.model.Origin origin, Report report) {
    if (!query.isEmpty() && (!SourceVersion.isIdentifier(query) || SourceVersion.isKeyword(query))) {
      report.add(Message.InvalidQueryName, origin, query,
          "it names the generated access-pattern method: use a lowerCamelCase name such as \"byEmail\"");
    }
  }

  private static void single(TableModel table, Report report) {
    if (table.partitionAttribute().isPresent() || table.sortAttribute().isPresent()) {
      report.add(Message.MisplacedAnnotation,
          table.origin().attribute(table.partitionAttribute().isPresent() ? "partitionKey" : "sortKey"),
          "@Table(partitionKey/sortKey) on " + table.simpleDeclaringName() + ", a record or class, is not allowed",
          "these name the key attributes of a shared table (an interface); on an entity, annotate fields with"
              + " @PartitionKey and @SortKey");
    }
    for (IndexModel index : table.indexes()) {
      if (index.isOverloaded()) {
        report.add(Message.MisplacedAnnotation,
            index.origin().attribute(index.partitionAttribute().isPresent() ? "partitionKey" : "sortKey"),
            index.kind().annotation() + "(partitionKey/sortKey) on a single-entity table is not allowed",
            "annotate the key fields with " + (index.kind() == io.partita.processor.model.IndexKind.GSI
                ? "@GsiKey(index = \"" + index.name() + "\")" : "@LsiKey(index = \"" + index.name() + "\")"));
      }
    }
    for (EntityModel e : table.entities()) {
      e.key().ifPresent(k -> report.add(Message.MisplacedAnnotation, k.origin(),
          "@Key on " + e.simpleName() + ", a single-entity table, is not allowed",
          "key templates are for @Entity types of a shared table; annotate fields with @PartitionKey and @SortKey"));
      for (TemplateIndexKey k : e.templateIndexKeys()) {
        report.add(Message.MisplacedAnnotation, k.origin(),
            (k.kind() == io.partita.processor.model.IndexKind.GSI ? "@GsiKey" : "@LsiKey")
                + " on the type " + e.simpleName() + " of a single-entity table is not allowed",
            "type-level (overloaded) index keys are for shared tables; annotate the key field instead");
      }
    }
  }

  private static void shared(TableModel table, Report report) {
    for (EntityModel e : table.entities()) {
      for (FieldModel f : e.fields()) {
        f.partitionKey().or(f::sortKey).ifPresent(o -> report.add(Message.MisplacedAnnotation, o,
            (f.partitionKey().isPresent() ? "@PartitionKey" : "@SortKey") + " on " + f.describe() + " of "
                + e.simpleName() + ", an entity of shared table " + table.name() + ", is not allowed",
            "a shared table's keys are rendered from templates: use @Key(pk = \"...{" + f.name() + "}...\") on "
                + e.simpleName()));
      }
    }
  }
}
