package io.partita.processor.validate;

import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.AutoValue;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldIndexKey;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.Role;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code @CreatedAt}, {@code @UpdatedAt}, {@code @Counter}: the field's type, at most one timestamp of each kind
 * per entity, one automatic value per field and no other writer of it (@Version, @Convert, not stored), and never a
 * value that identifies the item or its index partition, or that a key is rendered from. An index sort key is
 * allowed: an item then moves within its index partition ("recently updated first"), which is the point.
 */
final class AutoValueValidator implements Validator {
    private static final Set<String> TIMESTAMP_TYPES = Set.of("java.time.Instant", "long", "java.lang.Long");
    private static final Set<String> COUNTER_TYPES = Set.of("int", "long", "java.lang.Integer", "java.lang.Long");

    @Override
    public void validate(TableModel table, ValidationReport report) {
        for (EntityModel e : table.entities()) {
            Map<AutoValue.Kind, FieldModel> first = new EnumMap<>(AutoValue.Kind.class);
            List<String> baseKeyFields = KeyUsages.baseKeyFieldNames(table, e);
            for (FieldModel f : e.fields()) {
                if (f.autoValues().isEmpty()) {
                    continue;
                }
                AutoValue a = f.autoValues().get(0);
                String annotation = a.kind().annotation();
                for (AutoValue second : f.autoValues().subList(1, f.autoValues().size())) {
                    report.add(
                            Rule.AutoValueConflict,
                            second.origin(),
                            second.kind().annotation(),
                            f.describe(),
                            annotation,
                            Phrase.SECOND_AUTO_VALUE.with());
                }
                if (conflicts(f, a, report)) {
                    continue;
                }
                if (!type(f, a, report)) {
                    continue;
                }
                if (a.isTimestamp()) {
                    FieldModel earlier = first.putIfAbsent(a.kind(), f);
                    if (earlier != null) {
                        report.add(
                                Rule.MultipleAutoValues,
                                a.origin(),
                                f.describe(),
                                annotation,
                                e.simpleName(),
                                earlier.describe());
                    }
                }
                keyUse(e, f, baseKeyFields)
                        .ifPresent(use -> report.add(
                                Rule.AutoValueInKey, a.origin(), annotation, f.describe(), use[0], use[1], annotation));
            }
        }
    }

    private static boolean conflicts(FieldModel f, AutoValue a, ValidationReport report) {
        String annotation = a.kind().annotation();
        if (!f.stored()) {
            report.add(
                    Rule.AutoValueConflict,
                    a.origin(),
                    annotation,
                    f.describe(),
                    f.ignore().isPresent() ? "@Ignore" : "transient",
                    Phrase.NOT_STORED_AUTO_VALUE.with());
            return true;
        }
        if (f.version().isPresent()) {
            report.add(
                    Rule.AutoValueConflict,
                    a.origin(),
                    annotation,
                    f.describe(),
                    "@Version",
                    Phrase.VERSION_AUTO_VALUE.with());
            return true;
        }
        if (f.isConverted()) {
            report.add(
                    Rule.AutoValueConflict,
                    a.origin(),
                    annotation,
                    f.describe(),
                    "@Convert",
                    Phrase.CONVERTED_AUTO_VALUE.with());
            return true;
        }
        return false;
    }

    private static boolean type(FieldModel f, AutoValue a, ValidationReport report) {
        String type = f.type().qualifiedName();
        if (a.isTimestamp()) {
            if (!TIMESTAMP_TYPES.contains(type)) {
                report.add(
                        Rule.TimestampType,
                        a.origin(),
                        a.kind().annotation(),
                        f.describe(),
                        f.type().display());
                return false;
            }
            return true;
        }
        if (!COUNTER_TYPES.contains(type)) {
            report.add(Rule.CounterType, a.origin(), f.describe(), f.type().display());
            return false;
        }
        if (f.type().primitive() && a.start() != 0) {
            report.add(
                    Rule.CounterStartOnPrimitive,
                    a.origin().attribute("start"),
                    a.start(),
                    f.describe(),
                    type,
                    type.equals("int") ? "Integer" : "Long");
            return false;
        }
        return true;
    }

    /** Where the field keys something it may not: what it is, and what would go wrong. */
    private static Optional<Phrase.Text[]> keyUse(EntityModel e, FieldModel f, List<String> baseKeyFields) {
        if (f.isBaseKey() || baseKeyFields.contains(f.name())) {
            return Optional.of(
                    new Phrase.Text[] {Phrase.AUTO_VALUE_BASE_KEY.with(), Phrase.AUTO_VALUE_MOVES_ITEM.with()});
        }
        for (FieldIndexKey k : f.indexKeys()) {
            if (k.role() == Role.PARTITION) {
                return Optional.of(new Phrase.Text[] {
                    Phrase.AUTO_VALUE_INDEX_PARTITION_KEY.with(k.index()), Phrase.AUTO_VALUE_MOVES_ENTRY.with()
                });
            }
        }
        for (KeyUsages.TemplateUse t : KeyUsages.templates(e)) {
            if (renders(t.template(), f)) {
                return Optional.of(new Phrase.Text[] {
                    Phrase.AUTO_VALUE_TEMPLATE.with(t.template().source()), Phrase.AUTO_VALUE_STALE_KEY.with()
                });
            }
        }
        for (ScatterModel s : e.scatters()) {
            if (s.by().equals(f.name())) {
                return Optional.of(
                        new Phrase.Text[] {Phrase.AUTO_VALUE_SCATTER.with(s.index()), Phrase.AUTO_VALUE_STALE_KEY.with()
                        });
            }
        }
        return Optional.empty();
    }

    private static boolean renders(KeyTemplate t, FieldModel f) {
        return t.isValid() && t.placeholders().stream().anyMatch(p -> p.field().equals(f.name()));
    }
}
