package io.partita.processor.validate;

import io.partita.processor.DesignLimits;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldIndexKey;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.TableModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Misspelt index names on a single-entity table ({@code SimilarIndexName}). There an index named only by
 * {@code @GsiKey}/{@code @LsiKey} fields exists (it is implied), so a typo in one annotation silently splits an
 * index in two. An implied name is taken for a typo when it is close to another index name of the table: the other
 * is declared by {@code @Gsi}/{@code @Lsi}, or is implied too and named by more annotations (on a tie, earlier).
 *
 * <p>Close means equal ignoring case, or, for names of 5 characters or more, one edit apart (a character added,
 * removed or replaced, or two adjacent ones swapped), two for names of 10 or more; names that differ only in their
 * digits ({@code GSI1}, {@code GSI2}) are numbered indexes, not typos. Two declared names are never compared: a
 * declaration says the index is meant, which is also how a user keeps two close names.
 */
final class SimilarIndexNames {
    /** Shorter names are compared for case only: one edit turns {@code ByX} into {@code ByY}. */
    static final int MIN_LENGTH = 5;

    /** From this length on, two edits still count as a typo ({@code GameTitleIdx} for {@code GameTitleIndex}). */
    static final int TWO_EDITS_LENGTH = 10;

    /**
     * A misspelt index name.
     *
     * @param typo the implied index the annotations name
     * @param intended the index they probably mean
     * @param caseOnly whether the names differ only by case
     * @param key the first annotation naming the typo
     * @param field the field it is on
     */
    record Typo(IndexModel typo, IndexModel intended, boolean caseOnly, FieldIndexKey key, FieldModel field) {}

    private SimilarIndexNames() {}

    static List<Typo> of(TableModel table) {
        List<Typo> out = new ArrayList<>();
        if (table.isShared() || table.entities().isEmpty()) {
            return out;
        }
        EntityModel entity = table.entities().get(0);
        List<IndexModel> indexes = table.indexes().stream()
                .filter(i -> table.isFirstOfItsName(i) && DesignLimits.isValidName(i.name()))
                .toList();
        for (IndexModel index : indexes) {
            if (index.declared()) {
                continue;
            }
            Optional<IndexModel> intended = indexes.stream()
                    .filter(other -> other != index && close(index.name(), other.name()))
                    .filter(other -> other.declared() || fewerUses(entity, indexes, index, other))
                    .min((a, b) -> Boolean.compare(b.declared(), a.declared()));
            intended.flatMap(i -> firstUse(entity, index)
                            .map(use ->
                                    new Typo(index, i, i.name().equalsIgnoreCase(index.name()), use.key, use.field)))
                    .ifPresent(out::add);
        }
        return out;
    }

    /** The names of the indexes a typo involves (both sides), left out of the other index rules. */
    static Set<String> involved(TableModel table) {
        Set<String> names = new LinkedHashSet<>();
        for (Typo t : of(table)) {
            names.add(t.typo().name());
            names.add(t.intended().name());
        }
        return names;
    }

    /** Whether {@code a} and {@code b} (both implied) make {@code a} the typo: fewer uses, or as many but later. */
    private static boolean fewerUses(EntityModel entity, List<IndexModel> indexes, IndexModel a, IndexModel b) {
        long ua = uses(entity, a.name());
        long ub = uses(entity, b.name());
        return ua < ub || (ua == ub && indexes.indexOf(a) > indexes.indexOf(b));
    }

    private static long uses(EntityModel entity, String index) {
        return entity.fields().stream()
                .flatMap(f -> f.indexKeys().stream())
                .filter(k -> k.index().equals(index))
                .count();
    }

    private record Use(FieldIndexKey key, FieldModel field) {}

    private static Optional<Use> firstUse(EntityModel entity, IndexModel index) {
        for (FieldModel f : entity.fields()) {
            for (FieldIndexKey k : f.indexKeys()) {
                if (k.index().equals(index.name()) && k.kind() == index.kind()) {
                    return Optional.of(new Use(k, f));
                }
            }
        }
        return Optional.empty();
    }

    /** Whether two different index names are close enough to be one misspelt (see the class comment). */
    static boolean close(String a, String b) {
        if (a.equals(b)) {
            return false;
        }
        String la = a.toLowerCase(Locale.ROOT);
        String lb = b.toLowerCase(Locale.ROOT);
        if (la.equals(lb)) {
            return true;
        }
        if (la.replaceAll("[0-9]", "").equals(lb.replaceAll("[0-9]", ""))) {
            return false;
        }
        int shorter = Math.min(a.length(), b.length());
        if (shorter < MIN_LENGTH) {
            return false;
        }
        return Suggest.editsWithSwaps(la, lb) <= (shorter >= TWO_EDITS_LENGTH ? 2 : 1);
    }
}
