package io.partita.mapping;

import io.partita.storage.value.AttributeValue;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns one item (a table item or an index entry) into a result object. An {@link ItemSchema} is one; so is
 * a shared table's decoder that picks the schema by discriminator. Returning {@code null} means "not mine":
 * query engines skip such items (an item of another entity type in a shared partition, for example).
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface ItemDecoder<T> {
    @Nullable
    T fromItem(Map<String, AttributeValue> item);
}
