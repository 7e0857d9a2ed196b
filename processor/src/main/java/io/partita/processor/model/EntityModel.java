package io.partita.processor.model;

import java.util.List;
import java.util.Optional;

/**
 * One entity type: a record or class whose instances are items.
 *
 * @param qualifiedName the class's canonical name
 * @param simpleName the class's simple name
 * @param type the {@code @Entity(type)} discriminator value; empty for a single-entity table
 * @param fields all fields in declaration order (superclass fields first), stored or not
 * @param key the {@code @Key} templates, if declared
 * @param templateIndexKeys type-level {@code @GsiKey}/{@code @LsiKey}
 * @param scatters its {@code @Scatter}s
 * @param construction how generated code creates instances
 * @param origin the type element (and its {@code @Table}/{@code @Entity} annotation)
 */
public record EntityModel(
        String qualifiedName,
        String simpleName,
        Optional<String> type,
        List<FieldModel> fields,
        Optional<KeyDeclaration> key,
        List<TemplateIndexKey> templateIndexKeys,
        List<ScatterModel> scatters,
        Construction construction,
        Origin origin) {

    public EntityModel {
        fields = List.copyOf(fields);
        templateIndexKeys = List.copyOf(templateIndexKeys);
        scatters = List.copyOf(scatters);
    }

    public List<FieldModel> storedFields() {
        return fields.stream().filter(FieldModel::stored).toList();
    }

    /** A stored field by Java name. */
    public Optional<FieldModel> storedField(String name) {
        return storedFields().stream().filter(f -> f.name().equals(name)).findFirst();
    }

    public List<FieldModel> partitionKeyFields() {
        return fields.stream().filter(f -> f.partitionKey().isPresent()).toList();
    }

    public List<FieldModel> sortKeyFields() {
        return fields.stream().filter(f -> f.sortKey().isPresent()).toList();
    }

    /** Field-level keys of {@code index} with {@code role}, ordered by {@code order}. */
    public List<FieldKeyPart> fieldKeyParts(String index, Role role) {
        return fields.stream()
                .flatMap(f -> f.indexKeys().stream()
                        .filter(k -> k.index().equals(index) && k.role() == role)
                        .map(k -> new FieldKeyPart(f, k)))
                .sorted(java.util.Comparator.comparingInt(p -> p.key().order()))
                .toList();
    }

    public Optional<TemplateIndexKey> templateKey(String index) {
        return templateIndexKeys.stream().filter(k -> k.index().equals(index)).findFirst();
    }

    public Optional<ScatterModel> scatter(String index) {
        return scatters.stream().filter(s -> s.index().equals(index)).findFirst();
    }

    /** Whether this entity writes entries into {@code index} (by fields or by templates). */
    public boolean participatesIn(String index) {
        return templateKey(index).isPresent()
                || fields.stream()
                        .anyMatch(f ->
                                f.indexKeys().stream().anyMatch(k -> k.index().equals(index)));
    }

    /** A field together with one of its index-key annotations. */
    public record FieldKeyPart(FieldModel field, FieldIndexKey key) {}
}
