package io.partita.processor.model;

import io.partita.processor.diag.Phrase;
import java.util.List;
import java.util.Optional;

/**
 * One field (or record component) of an entity.
 *
 * @param name the Java name
 * @param attributeName the stored attribute name ({@code @Attribute} or the Java name)
 * @param type what the type means for keys
 * @param stored false for {@code @Ignore}, {@code transient} fields
 * @param reader how generated code reads it: an accessor method name followed by {@code "()"}, or the
 *     field name for direct access; empty when there is no accessible way
 * @param writer a setter name, the field name for direct access, or empty (records and all-args
 *     constructors need none)
 * @param origin the field element
 * @param attribute the {@code @Attribute} annotation, if any
 * @param ignore the {@code @Ignore} annotation, if any
 * @param sparse the {@code @Sparse} annotation, if any
 * @param version the {@code @Version} annotation, if any
 * @param partitionKey the {@code @PartitionKey} annotation, if any
 * @param sortKey the {@code @SortKey} annotation, if any
 * @param indexKeys its {@code @GsiKey}/{@code @LsiKey} annotations
 * @param converter its {@code @Convert}, if any: the field is stored through a user converter
 * @param ttl the {@code @Ttl} annotation, if any: the field holds the item's expiry time
 * @param autoValues its {@code @CreatedAt}, {@code @UpdatedAt}, {@code @Counter} (at most one is valid)
 * @param kotlinNullable on a field of a Kotlin class ({@code kotlin.Metadata}), the qualified name of its
 *     {@code Nullable} annotation (a {@code T?} property), if any
 */
public record FieldModel(
        String name,
        String attributeName,
        JavaType type,
        boolean stored,
        Optional<String> reader,
        Optional<String> writer,
        Origin origin,
        Optional<Origin> attribute,
        Optional<Origin> ignore,
        Optional<Origin> sparse,
        Optional<Origin> version,
        Optional<Origin> partitionKey,
        Optional<Origin> sortKey,
        List<FieldIndexKey> indexKeys,
        Optional<ConverterModel> converter,
        Optional<Origin> ttl,
        List<AutoValue> autoValues,
        Optional<String> kotlinNullable) {

    public FieldModel {
        indexKeys = List.copyOf(indexKeys);
        autoValues = List.copyOf(autoValues);
    }

    public boolean isConverted() {
        return converter.isPresent();
    }

    public boolean isBaseKey() {
        return partitionKey.isPresent() || sortKey.isPresent();
    }

    public boolean isAnyKey() {
        return isBaseKey() || !indexKeys.isEmpty();
    }

    /** "field gameTitle" — how messages name it. */
    public Phrase.Text describe() {
        return Phrase.FIELD.with(name);
    }
}
