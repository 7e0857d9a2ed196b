package io.partita.processor.validate;

import io.partita.processor.DesignLimits;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.Construction.Strategy;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code @Scatter}: a GSI of the table, 2..1000 shards, {@code by} a stored scalar field, and a warning
 * for random sharding of an entity that is updated in place.
 *
 * <p>"Updated in place" means the same item is written again with changed attributes: the entity has a
 * {@code @Version} field (it is read-modify-written by design), or it is a class (not a record) with a
 * setter or writable field for a non-key attribute. A record without {@code @Version} is treated as
 * write-once (events, facts, log entries) — the case random sharding suits.
 */
final class ScatterValidator implements Validator {

    @Override
    public void validate(TableModel table, ValidationReport report) {
        List<String> gsis =
                table.indexes(IndexKind.GSI).stream().map(IndexModel::name).toList();
        uniform(table, report);
        for (EntityModel e : table.entities()) {
            Map<String, ScatterModel> seen = new HashMap<>();
            for (ScatterModel s : e.scatters()) {
                scatter(table, e, s, gsis, seen, report);
            }
        }
    }

    /** One {@code @Scatter} of entity {@code e}: its index, its place among the key parts, its shard count. */
    private static void scatter(
            TableModel table,
            EntityModel e,
            ScatterModel s,
            List<String> gsis,
            Map<String, ScatterModel> seen,
            ValidationReport report) {
        Optional<IndexModel> index = table.index(s.index());
        if (index.isEmpty()) {
            report.add(
                    Rule.ScatterUnknownIndex,
                    s.origin().attribute("index"),
                    s.index(),
                    table.name(),
                    gsis.isEmpty()
                            ? Phrase.DECLARE_GSI_FIRST.with()
                            : Phrase.SCATTER_ONE_OF.with(String.join(", ", gsis)),
                    Suggest.closest(s.index(), gsis)
                            .<Object>map(Phrase.INDEX_DID_YOU_MEAN::with)
                            .orElse(""));
            return;
        }
        if (index.get().kind() == IndexKind.LSI) {
            report.add(Rule.ScatterOnLsi, s.origin().attribute("index"), s.index());
            return;
        }
        if (seen.putIfAbsent(s.index(), s) != null) {
            report.add(Rule.DuplicateScatter, s.origin(), s.index(), e.simpleName());
            return;
        }
        if (e.templateKey(s.index()).isEmpty()) {
            long parts = e.fieldKeyParts(s.index(), io.partita.processor.model.Role.PARTITION).stream()
                    .filter(p -> p.key().kind() == IndexKind.GSI)
                    .count();
            if (parts >= DesignLimits.MAX_KEY_PARTS) {
                report.add(Rule.ScatterKeyPartsFull, s.origin(), s.index(), s.shardAttribute(), parts);
            }
        }
        if (s.shards() < DesignLimits.MIN_SHARDS || s.shards() > DesignLimits.MAX_SHARDS) {
            report.add(
                    Rule.ScatterShards,
                    s.origin().attribute("shards"),
                    s.shards(),
                    s.index(),
                    DesignLimits.MIN_SHARDS,
                    DesignLimits.MAX_SHARDS);
        }
        shardBy(table, e, s, report);
    }

    /** What picks the shard: a stored scalar field, or (random) an entity never updated in place. */
    private static void shardBy(TableModel table, EntityModel e, ScatterModel s, ValidationReport report) {
        if (!s.isRandom()) {
            Optional<FieldModel> by = e.storedField(s.by());
            if (by.isEmpty()) {
                report.add(
                        Rule.ScatterBy,
                        s.origin().attribute("by"),
                        s.by(),
                        Phrase.NAMES_NO_STORED_FIELD.with(),
                        e.simpleName());
            } else if (!by.get().type().isScalar()
                    && by.get().type().category() != io.partita.processor.model.JavaType.Category.ERROR) {
                report.add(
                        Rule.ScatterBy,
                        s.origin().attribute("by"),
                        s.by(),
                        Phrase.NAMES_NON_SCALAR.with(
                                by.get().describe(), by.get().type().display()),
                        e.simpleName());
            }
        } else {
            updatedInPlace(e)
                    .ifPresent(why -> report.add(
                            Rule.RandomScatterUpdatedInPlace,
                            s.origin(),
                            s.index(),
                            e.simpleName(),
                            why,
                            suggestion(table, e)));
        }
    }

    /**
     * A field-keyed GSI of a shared table has one key schema: if one entity shards it (adding the shard
     * attribute), every entity filling it must, with the same shard count.
     */
    private static void uniform(TableModel table, ValidationReport report) {
        if (!table.isShared()) {
            return;
        }
        for (IndexModel index : table.indexes(IndexKind.GSI)) {
            List<EntityModel> fieldKeyed = table.entities().stream()
                    .filter(e -> e.templateKey(index.name()).isEmpty() && e.participatesIn(index.name()))
                    .toList();
            Optional<EntityModel> scattered = fieldKeyed.stream()
                    .filter(e -> e.scatter(index.name()).isPresent())
                    .findFirst();
            if (scattered.isEmpty()) {
                continue;
            }
            ScatterModel s = scattered.get().scatter(index.name()).orElseThrow();
            for (EntityModel other : fieldKeyed) {
                Optional<ScatterModel> o = other.scatter(index.name());
                if (o.isEmpty() || o.get().shards() != s.shards()) {
                    report.add(
                            Rule.ScatterNotUniform,
                            o.isPresent() ? o.get().origin() : other.origin(),
                            index.name(),
                            table.name(),
                            scattered.get().simpleName(),
                            s.shards(),
                            other.simpleName(),
                            o.isPresent() ? Phrase.USES_SHARDS.with(o.get().shards()) : Phrase.DOES_NOT.with(),
                            s.shardAttribute(),
                            index.name(),
                            s.shards(),
                            other.simpleName());
                }
            }
        }
    }

    private static Optional<Phrase.Text> updatedInPlace(EntityModel e) {
        Optional<FieldModel> version =
                e.fields().stream().filter(f -> f.version().isPresent()).findFirst();
        if (version.isPresent()) {
            return Optional.of(Phrase.HAS_VERSION_FIELD.with(version.get().describe()));
        }
        if (e.construction().strategy() == Strategy.RECORD) {
            return Optional.empty();
        }
        return e.storedFields().stream()
                .filter(f -> !f.isAnyKey() && f.writer().isPresent())
                .findFirst()
                .map(f -> Phrase.MUTABLE_CLASS.with(f.describe()));
    }

    private static String suggestion(TableModel table, EntityModel e) {
        List<String> keys = KeyUsages.baseKeyFieldNames(table, e);
        return keys.isEmpty() ? "id" : keys.get(0);
    }
}
