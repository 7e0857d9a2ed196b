package io.partita.repository;

/** The sort-key comparisons a key condition allows. */
public enum SortOperator {
    EQ("="),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">="),
    BETWEEN("BETWEEN"),
    BEGINS_WITH("begins_with");

    private final String symbol;

    SortOperator(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as written in a key condition expression. */
    public String symbol() {
        return symbol;
    }
}
