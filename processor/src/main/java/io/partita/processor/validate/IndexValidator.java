package io.partita.processor.validate;

import io.partita.processor.DesignLimits;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
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
    private final DesignLimits limits;

    IndexValidator(DesignLimits limits) {
        this.limits = limits;
    }

    @Override
    public void validate(TableModel table, ValidationReport report) {
        quotas(table, report);
        references(table, report);
        // a misspelt index name is reported once (SimilarIndexName); the two halves of the split index would
        // otherwise also be reported as incomplete
        java.util.Set<String> misspelt = SimilarIndexNames.involved(table);
        for (IndexModel index : table.indexes()) {
            if (!table.isFirstOfItsName(index) || misspelt.contains(index.name())) {
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
            report.add(
                    Rule.LsiItemCollectionLimit,
                    table.origin(),
                    table.name(),
                    String.join(", ", lsis.stream().map(IndexModel::name).toList()));
        }
    }

    private void quotas(TableModel table, ValidationReport report) {
        List<IndexModel> gsis = table.indexes(IndexKind.GSI);
        if (gsis.size() > limits.maxGsis()) {
            int excess = gsis.size() - limits.maxGsis();
            report.add(
                    Rule.TooManyGsis,
                    gsis.get(limits.maxGsis()).origin(),
                    table.name(),
                    gsis.size(),
                    limits.maxGsis(),
                    excess(excess));
        }
        List<IndexModel> lsis = table.indexes(IndexKind.LSI);
        if (lsis.size() > DesignLimits.MAX_LSIS) {
            int excess = lsis.size() - DesignLimits.MAX_LSIS;
            report.add(
                    Rule.TooManyLsis,
                    lsis.get(DesignLimits.MAX_LSIS).origin(),
                    table.name(),
                    lsis.size(),
                    DesignLimits.MAX_LSIS,
                    excess(excess));
        }
    }

    private static Phrase.Text excess(int excess) {
        return excess == 1 ? Phrase.THIS_ONE.with() : Phrase.SOME_OF_THEM.with(excess);
    }

    private static Phrase.Text word(Role role) {
        return (role == Role.PARTITION ? Phrase.PARTITION : Phrase.SORT).with();
    }

    /** Keys and templates naming an index the table does not have, or an index of the other kind. */
    private static void references(TableModel table, ValidationReport report) {
        Object known = known(table);
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.fields()) {
                for (FieldIndexKey k : f.indexKeys()) {
                    Phrase.Text what =
                            Phrase.ANNOTATION_ON.with(k.kind() == IndexKind.GSI ? "@GsiKey" : "@LsiKey", f.describe());
                    checkReference(table, k.kind(), k.index(), what, k.origin().attribute("index"), known, report);
                }
            }
            if (table.isShared()) {
                for (TemplateIndexKey k : e.templateIndexKeys()) {
                    Phrase.Text what = Phrase.ANNOTATION_ON.with(
                            k.kind() == IndexKind.GSI ? "@GsiKey" : "@LsiKey", e.simpleName());
                    checkReference(table, k.kind(), k.index(), what, k.origin().attribute("index"), known, report);
                }
            }
        }
    }

    private static void checkReference(
            TableModel table,
            IndexKind kind,
            String name,
            Phrase.Text what,
            io.partita.processor.model.Origin origin,
            Object known,
            ValidationReport report) {
        Optional<IndexModel> index = table.index(name);
        if (index.isEmpty()) {
            report.add(
                    Rule.UnknownIndex,
                    origin,
                    what,
                    name,
                    table.name(),
                    Phrase.DECLARE_INDEX.with(name, name, table.simpleDeclaringName(), known),
                    Suggest.closest(
                                    name,
                                    table.indexes().stream()
                                            .map(IndexModel::name)
                                            .toList())
                            .<Object>map(Phrase.INDEX_DID_YOU_MEAN::with)
                            .orElse(""));
        } else if (index.get().kind() == IndexKind.LSI && kind == IndexKind.GSI) {
            report.add(Rule.LsiHasPartitionKey, origin, what, name, name);
        } else if (index.get().kind() == IndexKind.GSI && kind == IndexKind.LSI) {
            report.add(Rule.MisplacedAnnotation, origin, Phrase.LSI_KEY_ON_GSI.with(what, name, name));
        }
    }

    private static Object known(TableModel table) {
        return table.indexes().isEmpty()
                ? Phrase.NONE_DECLARED.with()
                : String.join(
                        ", ", table.indexes().stream().map(IndexModel::name).toList());
    }

    private void gsi(TableModel table, IndexModel index, ValidationReport report) {
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
                    report.add(
                            Rule.KeyPartInBothRoles, s.key().origin(), s.field().describe(), index.name());
                }
            }
            if (pk.isEmpty() && e.scatter(index.name()).isEmpty()) {
                report.add(
                        Rule.GsiMissingPartitionKey,
                        sk.get(0).key().origin(),
                        index.describe(),
                        table.isShared() ? Phrase.FOR_ENTITY.with(e.simpleName()) : "",
                        Phrase.GSI_PARTITION_KEY_FIX.with(index.name(), index.name()));
            } else if (!pk.isEmpty()) {
                lowCardinalityFields(e, index, pk, report);
            }
        }
        if (!anyParticipant && !table.isShared() && index.declared()) {
            report.add(
                    Rule.GsiMissingPartitionKey,
                    index.origin(),
                    index.describe(),
                    "",
                    Phrase.ANNOTATE_GSI_KEY.with(table.entities().get(0).simpleName(), index.name()));
        }
    }

    private static List<FieldKeyPart> gsiParts(EntityModel e, IndexModel index, Role role) {
        return e.fieldKeyParts(index.name(), role).stream()
                .filter(p -> p.key().kind() == IndexKind.GSI)
                .toList();
    }

    private static void parts(IndexModel index, List<FieldKeyPart> parts, Role role, ValidationReport report) {
        if (parts.size() > DesignLimits.MAX_KEY_PARTS) {
            FieldKeyPart extra = parts.get(DesignLimits.MAX_KEY_PARTS);
            report.add(
                    Rule.TooManyKeyParts,
                    extra.key().origin(),
                    extra.field().describe(),
                    index.name(),
                    word(role),
                    DesignLimits.MAX_KEY_PARTS + 1,
                    DesignLimits.MAX_KEY_PARTS,
                    word(role));
            return;
        }
        Map<Integer, FieldKeyPart> byOrder = new HashMap<>();
        List<FieldKeyPart> distinct = new ArrayList<>();
        for (FieldKeyPart p : parts) {
            FieldKeyPart first = byOrder.putIfAbsent(p.key().order(), p);
            if (first != null) {
                report.add(
                        Rule.DuplicateKeyPart,
                        p.key().origin().attribute("order"),
                        p.field().describe(),
                        word(role),
                        p.key().order(),
                        index.name(),
                        first.field().describe());
            } else {
                distinct.add(p);
            }
        }
        for (int i = 0; i < distinct.size(); i++) {
            FieldKeyPart p = distinct.get(i);
            if (p.key().order() != i) {
                report.add(
                        Rule.KeyPartOrder,
                        p.key().origin().attribute("order"),
                        p.field().describe(),
                        index.name(),
                        word(role),
                        p.key().order(),
                        DesignLimits.MAX_KEY_PARTS - 1,
                        word(role),
                        distinct.size(),
                        i);
                return;
            }
        }
    }

    private static void lowCardinalityFields(
            EntityModel e, IndexModel index, List<FieldKeyPart> pk, ValidationReport report) {
        if (e.scatter(index.name()).isPresent()) {
            return;
        }
        boolean allLow = pk.stream()
                .allMatch(p -> p.field().type().isKeyType()
                        && KeyUsages.isLowCardinality(p.field().type()));
        if (allLow) {
            String what = String.join(
                    " + ",
                    pk.stream()
                            .map(p -> Phrase.TYPED
                                    .with(p.field().describe(), KeyUsages.cardinality(p.field()))
                                    .toString())
                            .toList());
            report.add(
                    Rule.LowCardinalityPartitionKey,
                    pk.get(0).key().origin(),
                    index.name(),
                    e.simpleName(),
                    what,
                    index.name());
        }
    }

    private static void overloaded(TableModel table, IndexModel index, ValidationReport report) {
        if (index.partitionAttribute().isEmpty()) {
            report.add(
                    Rule.GsiMissingPartitionKey,
                    index.origin().attribute("sortKey"),
                    index.describe(),
                    "",
                    Phrase.NAME_OVERLOADED_PARTITION_KEY.with(index.name()));
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
                report.add(
                        Rule.OverloadedKeyMismatch,
                        k.origin(),
                        Phrase.ANNOTATION_ON.with("@GsiKey", e.simpleName()),
                        index.name(),
                        Phrase.OVERLOADED_WITHOUT_PARTITION_TEMPLATE.with(
                                index.partitionAttribute().get()));
            } else if (index.sortAttribute().isPresent() && k.sort().isEmpty()) {
                report.add(
                        Rule.OverloadedKeyMismatch,
                        k.origin(),
                        Phrase.ANNOTATION_ON.with("@GsiKey", e.simpleName()),
                        index.name(),
                        Phrase.OVERLOADED_WITHOUT_SORT_TEMPLATE.with(
                                index.sortAttribute().get()));
            } else if (index.sortAttribute().isEmpty() && k.sort().isPresent()) {
                report.add(
                        Rule.OverloadedKeyMismatch,
                        k.sort().get().origin(),
                        Phrase.ANNOTATION_ON.with("@GsiKey", e.simpleName()),
                        index.name(),
                        Phrase.OVERLOADED_WITH_SORT_TEMPLATE.with());
            } else if (e.scatter(index.name()).isEmpty()
                    && k.partition().get().isValid()
                    && KeyUsages.resolves(k.partition().get(), e)) {
                lowCardinalityTemplate(e, index, k.partition().get(), report);
            }
        }
    }

    /** An overloaded index is filled by templates; a field-level key cannot fill its declared attributes. */
    private static void fieldsOnOverloaded(EntityModel e, IndexModel index, ValidationReport report) {
        for (FieldModel f : e.fields()) {
            for (FieldIndexKey k : f.indexKeys()) {
                if (k.index().equals(index.name()) && k.kind() == index.kind()) {
                    report.add(
                            Rule.OverloadedKeyMismatch,
                            k.origin(),
                            Phrase.ANNOTATION_ON.with(k.kind() == IndexKind.GSI ? "@GsiKey" : "@LsiKey", f.describe()),
                            index.name(),
                            Phrase.FIELD_KEY_ON_OVERLOADED_INDEX.with(
                                    attributes(index),
                                    (k.kind() == IndexKind.GSI ? Phrase.GSI_TEMPLATE_KEY : Phrase.LSI_TEMPLATE_KEY)
                                            .with(index.name(), f.name()),
                                    e.simpleName()));
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

    private static void lowCardinalityTemplate(
            EntityModel e, IndexModel index, KeyTemplate pk, ValidationReport report) {
        Phrase.Text why;
        if (pk.isConstant()) {
            why = Phrase.CONSTANT_TEMPLATE.with(pk.source());
        } else if (pk.placeholders().stream()
                .allMatch(p -> e.storedField(p.field())
                        .map(f -> KeyUsages.isLowCardinality(f.type()))
                        .orElse(false))) {
            why = Phrase.LOW_CARDINALITY_TEMPLATE.with(pk.source());
        } else {
            return;
        }
        report.add(Rule.LowCardinalityPartitionKey, pk.origin(), index.name(), e.simpleName(), why, index.name());
    }

    private static void lsi(TableModel table, IndexModel index, ValidationReport report) {
        if (!table.hasSortKey()) {
            report.add(
                    Rule.LsiNeedsSortKey,
                    index.origin(),
                    index.describe(),
                    table.isShared()
                            ? Phrase.SET_TABLE_SORT_KEY.with(table.simpleDeclaringName())
                            : Phrase.ADD_SORT_KEY.with(table.entities().get(0).simpleName()));
            return;
        }
        if (table.isShared() && index.isOverloaded()) {
            overloadedLsi(table, index, report);
            return;
        }
        boolean anyParticipant = false;
        for (EntityModel e : table.entities()) {
            anyParticipant |= lsiSortKey(table, index, e, report);
        }
        if (!anyParticipant && !table.isShared()) {
            report.add(
                    Rule.LsiSingleSortKey,
                    index.origin(),
                    index.describe(),
                    Phrase.NO_SORT_KEY.with(),
                    Phrase.ANNOTATE_LSI_KEY.with(table.entities().get(0).simpleName(), index.name()));
        }
    }

    /** An overloaded LSI of a shared table: its own sort attribute, and a sort template on every entity's key. */
    private static void overloadedLsi(TableModel table, IndexModel index, ValidationReport report) {
        if (index.sortAttribute().equals(table.sortAttribute())) {
            report.add(
                    Rule.LsiSortKeySameAsTable,
                    index.origin().attribute("sortKey"),
                    index.describe(),
                    index.sortAttribute().get());
            return;
        }
        for (EntityModel e : table.entities()) {
            fieldsOnOverloaded(e, index, report);
            e.templateKey(index.name())
                    .filter(k -> k.kind() == IndexKind.LSI && k.sort().isEmpty())
                    .ifPresent(k -> report.add(
                            Rule.OverloadedKeyMismatch,
                            k.origin(),
                            Phrase.ANNOTATION_ON.with("@LsiKey", e.simpleName()),
                            index.name(),
                            Phrase.OVERLOADED_LSI_WITHOUT_SORT_TEMPLATE.with(
                                    index.sortAttribute().get())));
        }
    }

    /**
     * Entity {@code e}'s sort key on LSI {@code index}: one field, not the table's sort key. False when the entity
     * has no key on the index.
     */
    private static boolean lsiSortKey(TableModel table, IndexModel index, EntityModel e, ValidationReport report) {
        List<FieldKeyPart> sk = e.fieldKeyParts(index.name(), Role.SORT).stream()
                .filter(p -> p.key().kind() == IndexKind.LSI)
                .toList();
        if (sk.isEmpty()) {
            return false;
        }
        if (sk.size() > 1) {
            report.add(
                    Rule.LsiSingleSortKey,
                    sk.get(1).key().origin(),
                    index.describe(),
                    Phrase.SECOND_LSI_KEY.with(
                            sk.get(1).field().describe(), sk.get(0).field().describe()),
                    Phrase.KEEP_ONE_LSI_KEY.with());
        }
        FieldModel field = sk.get(0).field();
        boolean sameAsTable = table.isShared()
                ? table.sortAttribute()
                        .map(a -> a.equals(field.attributeName()))
                        .orElse(false)
                : field.sortKey().isPresent();
        if (sameAsTable) {
            report.add(Rule.LsiSortKeySameAsTable, sk.get(0).key().origin(), index.describe(), field.attributeName());
        }
        return true;
    }
}
