package io.partita.generated;

import io.partita.mapping.ItemDecoder;
import io.partita.storage.value.AttributeValue;
import java.util.Map;
import java.util.Objects;

/** Decoders generated code composes. */
public final class ItemDecoders {
    private ItemDecoders() {}

    /**
     * A shared table's decoder: reads {@code discriminatorAttribute} and hands the item to the decoder
     * registered for that type; items of unknown types (or without the attribute) decode to {@code null} and
     * are skipped by queries.
     */
    public static <R> ItemDecoder<R> byDiscriminator(
            String discriminatorAttribute, Map<String, ? extends ItemDecoder<? extends R>> decodersByType) {
        Objects.requireNonNull(discriminatorAttribute, "discriminatorAttribute");
        Map<String, ? extends ItemDecoder<? extends R>> decoders = Map.copyOf(decodersByType);
        return item -> {
            AttributeValue type = item.get(discriminatorAttribute);
            if (!(type instanceof AttributeValue.S s)) {
                return null;
            }
            ItemDecoder<? extends R> decoder = decoders.get(s.value());
            return decoder == null ? null : decoder.fromItem(item);
        };
    }
}
