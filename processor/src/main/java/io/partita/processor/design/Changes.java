package io.partita.processor.design;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.model.Origin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The differences found for one table against the baseline: reports each one (error, warning or note) unless a
 * declaration covers it, and collects the table's migration plan — every declared change, with the baseline's
 * value ({@code from}) and the new one ({@code to}) where the comparison found it.
 */
final class Changes {
    /** The change name of a renamed attribute, declared by {@code @Attribute(formerly)}. */
    static final String ATTRIBUTE_NAME = "ATTRIBUTE_NAME";

    static final String REMOVAL = "REMOVAL";

    private final Diagnostics diagnostics;
    private final FreshOrigins origins;
    private final List<Declarations.Declared> declared;
    private final Map<String, Map<String, Object>> steps = new TreeMap<>();

    Changes(Diagnostics diagnostics, FreshOrigins origins, List<Declarations.Declared> declared) {
        this.diagnostics = diagnostics;
        this.origins = origins;
        this.declared = List.copyOf(declared);
        for (Declarations.Declared d : declared) {
            step(d.change(), d.target(), d.declaredOn(), NullNode.getInstance(), NullNode.getInstance());
        }
    }

    /** A change that strands or misreads stored data: an error unless a {@code @Migration} declares it. */
    void incompatible(
            String change,
            String target,
            Origin at,
            String declareOn,
            Phrase.Text subject,
            JsonNode old,
            JsonNode now,
            Phrase.Text consequence) {
        Optional<Declarations.Declared> d = find(change, target);
        if (d.isPresent()) {
            step(change, target, d.get().declaredOn(), old, now);
            return;
        }
        Phrase.Text fix = target.isEmpty()
                ? Phrase.MIGRATION_FIX.with(change, declareOn)
                : Phrase.MIGRATION_TARGET_FIX.with(change, target, declareOn);
        diagnostics.report(
                Rule.IncompatibleDesignChange, origins.of(at), subject, render(old), render(now), consequence, fix);
    }

    /** A renamed attribute without {@code @Attribute(formerly)}: always an error, whose fix is that declaration. */
    void undeclaredRename(Origin at, Phrase.Text subject, String old, String now, Phrase.Text fix) {
        diagnostics.report(
                Rule.IncompatibleDesignChange, origins.of(at), subject, old, now, Phrase.STRANDS_ATTRIBUTE.with(), fix);
    }

    /** A renamed attribute whose field declares the former name: a step, no diagnostic. */
    void renamed(String attribute, String formerly, String declaredOn) {
        step(ATTRIBUTE_NAME, attribute, declaredOn, TextNode.valueOf(formerly), TextNode.valueOf(attribute));
    }

    /** Something of the baseline that is gone: a warning unless {@code @Migration(REMOVAL, target)} declares it. */
    void removed(String target, Origin at, Object declareOn, Phrase.Text subject, Object didYouMean) {
        Optional<Declarations.Declared> d = find(REMOVAL, target);
        if (d.isPresent()) {
            step(REMOVAL, target, d.get().declaredOn(), TextNode.valueOf(target), NullNode.getInstance());
            return;
        }
        diagnostics.report(Rule.DesignElementRemoved, origins.of(at), subject, didYouMean, target, declareOn);
    }

    /** A change that needs a deployment step but strands nothing. */
    void deployment(Origin at, Phrase.Text subject, Phrase.Text step) {
        diagnostics.report(Rule.DesignChangeNeedsDeployment, origins.of(at), subject, step);
    }

    /** The migration plan, sorted by change, target and declaring type. */
    List<Map<String, Object>> steps() {
        List<Map<String, Object>> out = new ArrayList<>(steps.values());
        out.sort(Comparator.comparing(
                s -> String.valueOf(s.get("change")) + '\u0000' + s.get("target") + '\u0000' + s.get("declaredOn")));
        return out;
    }

    private Optional<Declarations.Declared> find(String change, String target) {
        return declared.stream()
                .filter(d -> d.change().equals(change) && d.target().equals(target))
                .findFirst();
    }

    private void step(String change, String target, String declaredOn, JsonNode from, JsonNode to) {
        Map<String, Object> s = new TreeMap<>();
        s.put("change", change);
        s.put("target", target);
        s.put("declaredOn", declaredOn);
        s.put("from", from);
        s.put("to", to);
        steps.put(change + '\u0000' + target + '\u0000' + declaredOn, s);
    }

    /** A design value as messages show it: key schemas as {@code [PK:S, SK:S]}, absent values as "none". */
    static Object render(JsonNode value) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            return Phrase.DESIGN_NONE.with();
        }
        if (value.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode v : value) {
                parts.add(
                        v.has("attribute")
                                ? v.path("attribute").asText()
                                        + ':'
                                        + v.path("type").asText()
                                : v.toString());
            }
            return parts.toString();
        }
        if (value.isObject() && value.has("partitionKey") && value.has("sortKey") && value.size() == 2) {
            return render(value.get("partitionKey")) + " / " + render(value.get("sortKey"));
        }
        return value.toString();
    }
}
