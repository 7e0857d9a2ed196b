package io.partita.wire;

/** A table's {@code StreamSpecification} as sent and reported back: enabled, and the view type when given. */
public record StreamSpecification(boolean enabled, String viewType) {}
