package io.partita.processor.model;

import io.partita.processor.diag.Phrase;
import java.util.Optional;

/**
 * How generated code creates an entity without reflection.
 *
 * @param strategy the chosen way, or {@link Strategy#NONE}
 * @param problem why the entity cannot be created or is not an instantiable type; empty when fine
 */
public record Construction(Strategy strategy, Optional<Phrase.Text> problem) {

    /** The ways an entity can be created. */
    public enum Strategy {
        /** The record's canonical constructor, reading through component accessors. */
        RECORD,
        /** A constructor taking every stored field in declaration order. */
        ALL_ARGS_CONSTRUCTOR,
        /** A no-argument constructor, then a setter (or accessible field) per stored field. */
        NO_ARGS_AND_SETTERS,
        /** None applies; see {@link #problem()}. */
        NONE
    }

    public boolean isPossible() {
        return strategy != Strategy.NONE;
    }
}
