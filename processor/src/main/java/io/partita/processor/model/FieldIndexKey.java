package io.partita.processor.model;

/**
 * A field-level {@code @GsiKey} or {@code @LsiKey}: the field is (part of) an index key.
 *
 * @param kind which annotation declared it ({@code @LsiKey} is always the sort key)
 * @param index the index name
 * @param role partition or sort
 * @param order position in a multi-attribute key
 * @param query the explicit query-method name, or empty
 * @param origin the annotation
 * @param hasTemplateAttributes the user also set {@code pk}/{@code sk}, which only a type-level key takes
 */
public record FieldIndexKey(
        IndexKind kind,
        String index,
        Role role,
        int order,
        String query,
        Origin origin,
        boolean hasTemplateAttributes) {}
