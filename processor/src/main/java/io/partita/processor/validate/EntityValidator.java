package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.Construction.Strategy;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldIndexKey;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.Origin;
import io.partita.processor.model.TableModel;
import java.util.List;
import java.util.Locale;

/** Per-entity rules: construction without reflection, @Version, @Sparse (and Kotlin's nullable keys), @Ignore on keys. */
final class EntityValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        for (EntityModel e : table.entities()) {
            construction(e, report);
            version(e, report);
            List<String> baseKeyFields = KeyUsages.baseKeyFieldNames(table, e);
            for (FieldModel f : e.fields()) {
                f.sparse().ifPresent(o -> {
                    if (f.type().primitive()) {
                        report.add(
                                Rule.SparsePrimitive,
                                o,
                                f.describe(),
                                f.type().display(),
                                boxed(f.type().display()));
                    } else if (baseKeyFields.contains(f.name())) {
                        report.add(Rule.SparseBaseKey, o, f.describe());
                    }
                });
                kotlinNullableIndexKey(e, f, report);
                if (f.ignore().isPresent() && f.isAnyKey()) {
                    report.add(
                            Rule.IgnoredKeyField,
                            f.ignore().get(),
                            f.describe(),
                            (f.isBaseKey() ? Phrase.A_BASE_TABLE_KEY : Phrase.AN_INDEX_KEY).with());
                }
            }
        }
    }

    /** A Kotlin {@code T?} index-key property must be {@code @Sparse}: kapt gives no other way to allow the null. */
    private static void kotlinNullableIndexKey(EntityModel e, FieldModel f, ValidationReport report) {
        if (f.sparse().isPresent()
                || f.indexKeys().isEmpty()
                || f.kotlinNullable().isEmpty()) {
            return;
        }
        FieldIndexKey key = f.indexKeys().get(0);
        report.add(
                Rule.KotlinNullableIndexKey,
                key.origin(),
                f.describe(),
                e.simpleName(),
                f.kotlinNullable().get(),
                key.index());
    }

    private static void construction(EntityModel e, ValidationReport report) {
        if (!e.construction().isPossible()) {
            report.add(
                    Rule.NotConstructible,
                    Origin.of(e.origin().element()),
                    e.simpleName(),
                    Phrase.CREATED.with(),
                    e.construction().problem().orElseThrow());
            return;
        }
        for (FieldModel f : e.storedFields()) {
            String cap =
                    f.name().substring(0, 1).toUpperCase(Locale.ROOT) + f.name().substring(1);
            if (f.reader().isEmpty()) {
                report.add(
                        Rule.NotConstructible,
                        f.origin(),
                        Phrase.FIELD_OF.with(f.describe(), e.simpleName()),
                        Phrase.READ.with(),
                        Phrase.NO_READER.with(cap, f.name()));
            } else if (e.construction().strategy() == Strategy.NO_ARGS_AND_SETTERS
                    && f.writer().isEmpty()) {
                report.add(
                        Rule.NotConstructible,
                        f.origin(),
                        Phrase.FIELD_OF.with(f.describe(), e.simpleName()),
                        Phrase.WRITTEN.with(),
                        Phrase.NO_WRITER.with(cap));
            }
        }
    }

    private static void version(EntityModel e, ValidationReport report) {
        FieldModel first = null;
        for (FieldModel f : e.fields()) {
            if (f.version().isEmpty()) {
                continue;
            }
            String type = f.type().qualifiedName();
            if (!type.equals("long") && !type.equals("java.lang.Long")) {
                report.add(
                        Rule.VersionType,
                        f.version().get(),
                        f.describe(),
                        f.type().display());
            }
            if (first != null) {
                report.add(Rule.MultipleVersions, f.version().get(), f.describe(), e.simpleName(), first.describe());
            } else {
                first = f;
            }
        }
    }

    private static String boxed(String primitive) {
        return switch (primitive) {
            case "int" -> "Integer";
            case "char" -> "Character";
            default -> primitive.substring(0, 1).toUpperCase(Locale.ROOT) + primitive.substring(1);
        };
    }
}
