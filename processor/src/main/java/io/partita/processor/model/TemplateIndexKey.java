package io.partita.processor.model;

import java.util.Optional;

/**
 * A type-level {@code @GsiKey}/{@code @LsiKey} of a shared-table entity: it fills an overloaded index's
 * key attributes from templates.
 *
 * @param kind which annotation declared it
 * @param index the index name
 * @param partition the {@code pk} template; always empty for {@code @LsiKey}
 * @param sort the {@code sk} template
 * @param query the explicit query-method name, or empty
 * @param origin the annotation
 */
public record TemplateIndexKey(
        IndexKind kind,
        String index,
        Optional<KeyTemplate> partition,
        Optional<KeyTemplate> sort,
        String query,
        Origin origin) {}
