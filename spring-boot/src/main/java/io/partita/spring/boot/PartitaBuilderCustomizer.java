package io.partita.spring.boot;

import io.partita.Partita;

/**
 * Customizes the {@link Partita.Builder} the auto-configuration builds the {@code Partita} bean with, after the
 * {@code partita.*} properties are applied (e.g. a retry policy, gather options, a table-name function the
 * properties cannot express). Every bean of this type is applied, in {@code @Order}.
 */
@FunctionalInterface
public interface PartitaBuilderCustomizer {
    void customize(Partita.Builder builder);
}
