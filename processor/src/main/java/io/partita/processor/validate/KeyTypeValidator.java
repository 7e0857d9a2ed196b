package io.partita.processor.validate;

import io.partita.processor.diag.Message;
import io.partita.processor.diag.Report;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.TableModel;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Key attributes map to String, Number or Binary, and one attribute name has one key type across the
 * whole table (DynamoDB keeps one attribute definition per name; across the entities of a shared table
 * too, and an item whose non-key attribute of that name has another type would be rejected by the index).
 */
final class KeyTypeValidator implements Validator {

  private record KeyType(String dynamoType, String source) {}

  @Override
  public void validate(TableModel table, Report report) {
    Set<FieldModel> invalid = new HashSet<>();
    Map<String, KeyType> keyTypes = new LinkedHashMap<>();
    if (table.isShared()) {
      String s = JavaType.Category.STRING.dynamoType();
      table.partitionAttribute().ifPresent(a -> keyTypes.put(a, new KeyType(s, "rendered by @Key templates")));
      table.sortAttribute().ifPresent(a -> keyTypes.put(a, new KeyType(s, "rendered by @Key templates")));
      for (IndexModel i : table.indexes()) {
        i.partitionAttribute().ifPresent(a -> keyTypes.putIfAbsent(a, new KeyType(s, "rendered by templates")));
        i.sortAttribute().ifPresent(a -> keyTypes.putIfAbsent(a, new KeyType(s, "rendered by templates")));
      }
    }
    Set<FieldModel> sources = new HashSet<>();
    for (KeyUsages.FieldKeyUse use : KeyUsages.fieldKeyUses(table)) {
      FieldModel f = use.field();
      JavaType type = f.type();
      if (type.category() == JavaType.Category.ERROR || invalid.contains(f) || f.isConverted()) {
        continue; // a converted key field is ConvertedKeyField
      }
      if (!type.isKeyType()) {
        invalid.add(f);
        report.add(Message.InvalidKeyType, use.origin(), f.describe(), type.display(), use.of(), fix(type));
        continue;
      }
      KeyType existing = keyTypes.get(f.attributeName());
      if (existing == null) {
        keyTypes.put(f.attributeName(), new KeyType(type.category().dynamoType(),
            f.describe() + " of " + use.entity().simpleName()));
        sources.add(f);
      } else if (existing.source().startsWith("rendered")) {
        // nothing: a field named like a rendered attribute is DuplicateAttributeName
      } else if (!existing.dynamoType().equals(type.category().dynamoType()) && !sources.contains(f)) {
        invalid.add(f);
        report.add(Message.ConflictingKeyAttributeType, use.origin(), f.describe() + " of " + use.entity().simpleName(),
            f.attributeName(), type.category().dynamoType() + " (" + type.display() + ")", f.attributeName(),
            existing.dynamoType(), table.name(), existing.source());
      } else {
        sources.add(f);
      }
    }
    // Non-key fields of other entities that reuse a key attribute name must carry the same type.
    if (!table.isShared()) {
      return;
    }
    for (EntityModel e : table.entities()) {
      for (FieldModel f : e.storedFields()) {
        KeyType existing = keyTypes.get(f.attributeName());
        if (existing == null || sources.contains(f) || invalid.contains(f) || f.isAnyKey()
            || f.type().category() == JavaType.Category.ERROR || existing.source().startsWith("rendered")) {
          continue; // fields named like rendered attributes are DuplicateAttributeName
        }
        if (!existing.dynamoType().equals(f.type().category().dynamoType())) {
          report.add(Message.ConflictingKeyAttributeType, f.attribute().orElse(f.origin()),
              f.describe() + " of " + e.simpleName(), f.attributeName(),
              f.type().category().dynamoType() + " (" + f.type().display() + ")", f.attributeName(),
              existing.dynamoType(), table.name(), existing.source());
        }
      }
    }
  }

  private static String fix(JavaType type) {
    return switch (type.category()) {
      case BOOLEAN -> "a boolean is not a DynamoDB key type (and has two values): use an enum or a String";
      case COLLECTION, MAP -> "an index cannot key on a collection: key on one scalar field";
      default -> "key on one of its scalar fields, or flatten it into the entity";
    };
  }
}
