package io.partita.processor.diag;

import io.partita.processor.model.Origin;

/** One diagnostic: a catalogue entry, where it points, and its rendered text. */
public record Problem(Rule rule, Origin origin, String text) {

    public static Problem of(Rule rule, Origin origin, Object... args) {
        return new Problem(rule, origin, rule.render(args));
    }
}
