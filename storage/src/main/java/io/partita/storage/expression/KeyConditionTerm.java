package io.partita.storage.expression;

import io.partita.storage.value.AttributeValue;

/**
 * One term of a key condition: an attribute compared with one value, or with two for {@code BETWEEN}
 * ({@code high} is null otherwise). {@code begins_with(a, :p)} is the operator {@link Operator#BEGINS_WITH}.
 */
public record KeyConditionTerm(String attribute, Operator operator, AttributeValue low, AttributeValue high) {
    public enum Operator {
        EQ("="),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">="),
        BETWEEN("BETWEEN"),
        BEGINS_WITH("begins_with");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }
}
