package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.KeyDeclaration;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TemplateIndexKey;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Shared tables: distinct entity types, base keys that cannot collide, overloaded index keys that
 * cannot be confused.
 *
 * <p>Collision analysis treats each placeholder as "any text" (conservative: a placeholder could render
 * '#'). Two templates with placeholders can render the same value iff their leading literals agree
 * (one is a prefix of the other) and their trailing literals agree; a constant template is matched
 * against the other template. Two base keys collide when both the partition and the sort templates can;
 * an overloaded index's access patterns are ambiguous when the partition templates can render the same
 * value and the literal prefixes of the sort templates (what a query's {@code begins_with} uses) agree.
 */
final class SharedTableValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        if (!table.isShared()) {
            return;
        }
        Map<String, EntityModel> byType = new HashMap<>();
        for (EntityModel e : table.entities()) {
            String type = e.type().orElse("");
            EntityModel first = byType.putIfAbsent(type, e);
            if (first != null) {
                report.add(
                        Rule.DuplicateEntityType,
                        e.origin().attribute("type"),
                        type,
                        e.simpleName(),
                        first.simpleName(),
                        table.name());
            }
        }
        List<EntityModel> entities = table.entities();
        for (int j = 0; j < entities.size(); j++) {
            for (int i = 0; i < j; i++) {
                baseKeys(table, entities.get(i), entities.get(j), report);
            }
        }
        for (IndexModel index : table.indexes()) {
            if (index.kind() == IndexKind.GSI && index.isOverloaded()) {
                for (int j = 0; j < entities.size(); j++) {
                    for (int i = 0; i < j; i++) {
                        overloaded(index, entities.get(i), entities.get(j), report);
                    }
                }
            }
        }
    }

    private static void baseKeys(TableModel table, EntityModel a, EntityModel b, ValidationReport report) {
        Optional<KeyDeclaration> ka = a.key();
        Optional<KeyDeclaration> kb = b.key();
        if (ka.isEmpty()
                || kb.isEmpty()
                || !valid(ka.get())
                || !valid(kb.get())
                || ka.get().sort().isPresent() != kb.get().sort().isPresent()) {
            return; // malformed or mismatched keys are reported by other rules
        }
        boolean pk = ka.get().partition().mayRenderSameAs(kb.get().partition());
        boolean sk = ka.get()
                .sort()
                .map(s -> s.mayRenderSameAs(kb.get().sort().get()))
                .orElse(true);
        if (pk && sk) {
            report.add(
                    Rule.SharedKeyCollision,
                    kb.get().origin(),
                    a.simpleName(),
                    describe(ka.get()),
                    b.simpleName(),
                    describe(kb.get()),
                    table.name(),
                    b.simpleName().toUpperCase(Locale.ROOT));
        }
    }

    private static void overloaded(IndexModel index, EntityModel a, EntityModel b, ValidationReport report) {
        Optional<TemplateIndexKey> ka = a.templateKey(index.name()).filter(k -> k.kind() == IndexKind.GSI);
        Optional<TemplateIndexKey> kb = b.templateKey(index.name()).filter(k -> k.kind() == IndexKind.GSI);
        if (ka.isEmpty() || kb.isEmpty() || !valid(ka.get()) || !valid(kb.get())) {
            return;
        }
        boolean pk =
                ka.get().partition().get().mayRenderSameAs(kb.get().partition().get());
        boolean sk = index.sortAttribute().isEmpty()
                || ka.get().sort().get().sharesPrefixWith(kb.get().sort().get());
        if (pk && sk) {
            report.add(
                    Rule.AmbiguousOverloadedKey,
                    kb.get().origin(),
                    a.simpleName(),
                    describe(ka.get()),
                    b.simpleName(),
                    describe(kb.get()),
                    index.name());
        }
    }

    private static boolean valid(KeyDeclaration k) {
        return k.partition().isValid() && k.sort().map(KeyTemplate::isValid).orElse(true);
    }

    private static boolean valid(TemplateIndexKey k) {
        return k.partition().map(KeyTemplate::isValid).orElse(false)
                && k.sort().map(KeyTemplate::isValid).orElse(true);
    }

    private static Phrase.Text describe(KeyDeclaration k) {
        return describe(k.partition().source(), k.sort());
    }

    private static Phrase.Text describe(TemplateIndexKey k) {
        return describe(k.partition().map(KeyTemplate::source).orElse(""), k.sort());
    }

    private static Phrase.Text describe(String partition, Optional<KeyTemplate> sort) {
        return sort.map(s -> Phrase.KEY_TEMPLATES.with(partition, s.source()))
                .orElseGet(() -> Phrase.KEY_TEMPLATE.with(partition));
    }
}
