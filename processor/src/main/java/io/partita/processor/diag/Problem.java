package io.partita.processor.diag;

import io.partita.processor.model.Origin;

/** One diagnostic: a catalogue entry, where it points, and its rendered text. */
public record Problem(Message message, Origin origin, String text) {

    public static Problem of(Message message, Origin origin, Object... args) {
        return new Problem(message, origin, message.render(args));
    }
}
