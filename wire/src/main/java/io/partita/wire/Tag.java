package io.partita.wire;

/** A table tag as sent ({@code Key}, {@code Value}; either may be missing: the server checks them). */
public record Tag(String key, String value) {}
