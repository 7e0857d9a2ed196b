package io.partita.processor.validate;

import io.partita.processor.Limits;
import io.partita.processor.diag.Message;
import io.partita.processor.diag.Report;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.EntityModel.FieldKeyPart;
import io.partita.processor.model.FieldIndexKey;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.Role;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TemplateIndexKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** GSI and LSI rules: quotas, key shapes, overloaded templates, cardinality, the LSI size note. */
final class IndexValidator implements Validator {
  private final Limits limits;

  IndexValidator(Limits limits) {
    this.limits = limits;
  }

  @Override
  public void validate(TableModel table, Report report) {
    quotas(table, report);
    references(table, report);
    for (IndexModel index : table.indexes()) {
      if (!table.isFirstOfItsName(index)) {
        continue;
      }
      if (index.kind() == IndexKind.GSI) {
        gsi(table, index, report);
      } else {
        lsi(table, index, report);
      }
    }
    List<IndexModel> lsis = table.indexes(IndexKind.LSI);
    if (!lsis.isEmpty()) {
      report.add(Message.LsiItemCollectionLimit, table.origin(), table.name(),
          String.join(", ", lsis.stream().map(IndexModel::name).toList()));
    }
  }

  private void quotas(TableModel table, Report report) {
    List<IndexModel> gsis = table.indexes(IndexKind.GSI);
    if (gsis.size() > limits.maxGsis()) {
      int excess = gsis.size() - limits.maxGsis();
      report.add(Message.TooManyGsis, gsis.get(limits.maxGsis()).origin(), table.name(), gsis.size(),
          limits.maxGsis(), excess == 1 ? "this one" : excess + " of them");
    }
    List<IndexModel> lsis = table.indexes(IndexKind.LSI);
    if (lsis.size() > Limits.MAX_LSIS) {
      int excess = lsis.size() - Limits.MAX_LSIS;
      report.add(Message.TooManyLsis, lsis.get(Limits.MAX_LSIS).origin(), table.name(), lsis.size(),
          Limits.MAX_LSIS, excess == 1 ? "this one" : excess + " of them");
    }
  }

  /** Keys and templates naming an index the table does not have, or an index of the other kind. */
  private static void references(TableModel table, Report report) {
    String known = known(table);
    for (EntityModel e : table.entities()) {
      for (FieldModel f : e.fields()) {
        for (FieldIndexKey k : f.indexKeys()) {
          String what = (k.kind() == IndexKind.GSI ? "@GsiKey" : "@LsiKey") + " on " + f.describe();
          checkReference(table, k.kind(), k.index(), what, k.origin().attribute("index"), known, report);
        }
      }
      if (table.isShared()) {
        for (TemplateIndexKey k : e.templateIndexKeys()) {
          String what = (k.kind() == IndexKind.GSI ? "@GsiKey" : "@LsiKey") + " on " + e.simpleName();
          checkReference(table, k.kind(), k.index(), what, k.origin().attribute("index"), known, report);
        }
      }
    }
  }

  private static void checkReference(TableModel table, IndexKind kind, String name, String what,
      io.partita.processor.model.Origin origin, String known, Report report) {
    Optional<IndexModel> index = table.index(name);
    if (index.isEmpty()) {
      report.add(Message.UnknownIndex, origin, what, name, table.name(),
          "declare it with @Gsi(name = \"" + name + "\") or @Lsi(name = \"" + name + "\") on "
              + table.simpleDeclaringName() + ", or use one of: " + known);
    } else if (index.get().kind() == IndexKind.LSI && kind == IndexKind.GSI) {
      report.add(Message.LsiHasPartitionKey, origin, what, name, name);
    } else if (index.get().kind() == IndexKind.GSI && kind == IndexKind.LSI) {
      report.add(Message.MisplacedAnnotation, origin, what + " names \"" + name + "\", a global secondary index",
          "use @GsiKey(index = \"" + name + "\", role = KeyRole.SORT)");
    }
  }

  private static String known(TableModel table) {
    return table.indexes().isEmpty() ? "(none declared)"
        : String.join(", ", table.indexes().stream().map(IndexModel::name).toList());
  }

  private void gsi(TableModel table, IndexModel index, Report report) {
    if (table.isShared() && index.isOverloaded()) {
      overloaded(table, index, report);
      return;
    }
    boolean anyParticipant = false;
    for (EntityModel e : table.entities()) {
      List<FieldKeyPart> pk = gsiParts(e, index, Role.PARTITION);
      List<FieldKeyPart> sk = gsiParts(e, index, Role.SORT);
      if (pk.isEmpty() && sk.isEmpty()) {
        continue;
      }
      anyParticipant = true;
      parts(index, pk, Role.PARTITION, report);
      parts(index, sk, Role.SORT, report);
      for (FieldKeyPart s : sk) {
        if (pk.stream().anyMatch(p -> p.field() == s.field())) {
          report.add(Message.KeyPartInBothRoles, s.key().origin(), s.field().describe(), index.name());
        }
      }
      if (pk.isEmpty() && e.scatter(index.name()).isEmpty()) {
        report.add(Message.GsiMissingPartitionKey, sk.get(0).key().origin(), index.describe(),
            table.isShared() ? " for " + e.simpleName() : "",
            "annotate a field with @GsiKey(index = \"" + index.name() + "\") (role PARTITION), or scatter the index"
                + " with @Scatter(index = \"" + index.name() + "\") to partition it by shard number");
      } else if (!pk.isEmpty()) {
        lowCardinalityFields(e, index, pk, report);
      }
    }
    if (!anyParticipant && !table.isShared() && index.declared()) {
      report.add(Message.GsiMissingPartitionKey, index.origin(), index.describe(), "",
          "annotate a field of " + table.entities().get(0).simpleName() + " with @GsiKey(index = \""
              + index.name() + "\")");
    }
  }

  private static List<FieldKeyPart> gsiParts(EntityModel e, IndexModel index, Role role) {
    return e.fieldKeyParts(index.name(), role).stream().filter(p -> p.key().kind() == IndexKind.GSI).toList();
  }

  private static void parts(IndexModel index, List<FieldKeyPart> parts, Role role, Report report) {
    if (parts.size() > Limits.MAX_KEY_PARTS) {
      FieldKeyPart extra = parts.get(Limits.MAX_KEY_PARTS);
      report.add(Message.TooManyKeyParts, extra.key().origin(), extra.field().describe(), index.name(), role.word(),
          Limits.MAX_KEY_PARTS + 1, Limits.MAX_KEY_PARTS, role.word());
      return;
    }
    Map<Integer, FieldKeyPart> byOrder = new HashMap<>();
    List<FieldKeyPart> distinct = new ArrayList<>();
    for (FieldKeyPart p : parts) {
      FieldKeyPart first = byOrder.putIfAbsent(p.key().order(), p);
      if (first != null) {
        report.add(Message.DuplicateKeyPart, p.key().origin().attribute("order"), p.field().describe(), role.word(),
            p.key().order(), index.name(), first.field().describe());
      } else {
        distinct.add(p);
      }
    }
    for (int i = 0; i < distinct.size(); i++) {
      FieldKeyPart p = distinct.get(i);
      if (p.key().order() != i) {
        report.add(Message.KeyPartOrder, p.key().origin().attribute("order"), p.field().describe(), index.name(),
            role.word(), p.key().order(), Limits.MAX_KEY_PARTS - 1, role.word(), distinct.size(), i);
        return;
      }
    }
  }

  private static void lowCardinalityFields(EntityModel e, IndexModel index,
      List<FieldKeyPart> pk, Report report) {
    if (e.scatter(index.name()).isPresent()) {
      return;
    }
    boolean allLow = pk.stream().allMatch(p -> p.field().type().isKeyType() && KeyUsages.isLowCardinality(p.field().type()));
    if (allLow) {
      String what = String.join(" + ", pk.stream()
          .map(p -> p.field().describe() + " (" + KeyUsages.cardinality(p.field()) + ")").toList());
      report.add(Message.LowCardinalityPartitionKey, pk.get(0).key().origin(), index.name(), e.simpleName(), what,
          index.name());
    }
  }

  private static void overloaded(TableModel table, IndexModel index, Report report) {
    if (index.partitionAttribute().isEmpty()) {
      report.add(Message.GsiMissingPartitionKey, index.origin().attribute("sortKey"), index.describe(), "",
          "name its partition-key attribute too: partitionKey = \"" + index.name() + "PK\"");
      return;
    }
    for (EntityModel e : table.entities()) {
      fieldsOnOverloaded(e, index, report);
      Optional<TemplateIndexKey> key = e.templateKey(index.name()).filter(k -> k.kind() == IndexKind.GSI);
      if (key.isEmpty()) {
        continue;
      }
      TemplateIndexKey k = key.get();
      if (k.partition().isEmpty()) {
        report.add(Message.OverloadedKeyMismatch, k.origin(), "@GsiKey on " + e.simpleName(), index.name(),
            "has no pk template, but the index declares partition key \"" + index.partitionAttribute().get()
                + "\": add pk = \"...\"");
      } else if (index.sortAttribute().isPresent() && k.sort().isEmpty()) {
        report.add(Message.OverloadedKeyMismatch, k.origin(), "@GsiKey on " + e.simpleName(), index.name(),
            "has no sk template, but the index declares sort key \"" + index.sortAttribute().get()
                + "\": add sk = \"...\" (a constant is fine)");
      } else if (index.sortAttribute().isEmpty() && k.sort().isPresent()) {
        report.add(Message.OverloadedKeyMismatch, k.sort().get().origin(), "@GsiKey on " + e.simpleName(),
            index.name(), "has an sk template, but the index declares no sort key: remove sk, or declare"
                + " sortKey on the @Gsi");
      } else if (e.scatter(index.name()).isEmpty() && k.partition().get().isValid()
          && KeyUsages.resolves(k.partition().get(), e)) {
        lowCardinalityTemplate(e, index, k.partition().get(), report);
      }
    }
  }

  /** An overloaded index is filled by templates; a field-level key cannot fill its declared attributes. */
  private static void fieldsOnOverloaded(EntityModel e, IndexModel index, Report report) {
    for (FieldModel f : e.fields()) {
      for (FieldIndexKey k : f.indexKeys()) {
        if (k.index().equals(index.name()) && k.kind() == index.kind()) {
          report.add(Message.OverloadedKeyMismatch, k.origin(), k.kind() == IndexKind.GSI ? "@GsiKey on " + f.describe()
                  : "@LsiKey on " + f.describe(), index.name(),
              "is not allowed: the index declares key attributes (" + attributes(index) + ") that entities fill"
                  + " from templates; put " + (k.kind() == IndexKind.GSI ? "@GsiKey(index = \"" + index.name()
                  + "\", pk = \"...{" + f.name() + "}...\")" : "@LsiKey(index = \"" + index.name() + "\", sk = \"...{"
                  + f.name() + "}...\")") + " on " + e.simpleName());
        }
      }
    }
  }

  private static String attributes(IndexModel index) {
    List<String> attrs = new ArrayList<>();
    index.partitionAttribute().ifPresent(attrs::add);
    index.sortAttribute().ifPresent(attrs::add);
    return String.join(", ", attrs);
  }

  private static void lowCardinalityTemplate(EntityModel e, IndexModel index, KeyTemplate pk, Report report) {
    String why;
    if (pk.isConstant()) {
      why = "the constant template \"" + pk.source() + "\"";
    } else if (pk.placeholders().stream()
        .allMatch(p -> e.storedField(p.field()).map(f -> KeyUsages.isLowCardinality(f.type())).orElse(false))) {
      why = "template \"" + pk.source() + "\" whose fields have few values";
    } else {
      return;
    }
    report.add(Message.LowCardinalityPartitionKey, pk.origin(), index.name(), e.simpleName(), why, index.name());
  }

  private static void lsi(TableModel table, IndexModel index, Report report) {
    if (!table.hasSortKey()) {
      report.add(Message.LsiNeedsSortKey, index.origin(), index.describe(), table.isShared()
          ? "set @Table(sortKey = \"SK\") on " + table.simpleDeclaringName()
          : "add @SortKey to a field of " + table.entities().get(0).simpleName());
      return;
    }
    if (table.isShared() && index.isOverloaded()) {
      if (index.sortAttribute().equals(table.sortAttribute())) {
        report.add(Message.LsiSortKeySameAsTable, index.origin().attribute("sortKey"), index.describe(),
            index.sortAttribute().get());
        return;
      }
      for (EntityModel e : table.entities()) {
        fieldsOnOverloaded(e, index, report);
        e.templateKey(index.name()).filter(k -> k.kind() == IndexKind.LSI && k.sort().isEmpty()).ifPresent(k ->
            report.add(Message.OverloadedKeyMismatch, k.origin(), "@LsiKey on " + e.simpleName(), index.name(),
                "has no sk template, but the index declares sort key \"" + index.sortAttribute().get()
                    + "\": add sk = \"...\""));
      }
      return;
    }
    boolean anyParticipant = false;
    for (EntityModel e : table.entities()) {
      List<FieldKeyPart> sk = e.fieldKeyParts(index.name(), Role.SORT).stream()
          .filter(p -> p.key().kind() == IndexKind.LSI).toList();
      if (sk.isEmpty()) {
        continue;
      }
      anyParticipant = true;
      if (sk.size() > 1) {
        report.add(Message.LsiSingleSortKey, sk.get(1).key().origin(), index.describe(),
            "a second @LsiKey field, " + sk.get(1).field().describe() + " (the first is " + sk.get(0).field().describe() + ")",
            "keep one, or declare another @Lsi for it");
      }
      FieldModel field = sk.get(0).field();
      boolean sameAsTable = table.isShared()
          ? table.sortAttribute().map(a -> a.equals(field.attributeName())).orElse(false)
          : field.sortKey().isPresent();
      if (sameAsTable) {
        report.add(Message.LsiSortKeySameAsTable, sk.get(0).key().origin(), index.describe(), field.attributeName());
      }
    }
    if (!anyParticipant && !table.isShared()) {
      report.add(Message.LsiSingleSortKey, index.origin(), index.describe(), "no sort key",
          "annotate one field of " + table.entities().get(0).simpleName() + " with @LsiKey(index = \""
              + index.name() + "\")");
    }
  }
}
