package io.partita.feed;

import io.partita.Change;
import io.partita.Key;
import io.partita.mapping.ItemDecoder;
import io.partita.storage.api.StreamRecord;
import io.partita.storage.value.AttributeValue;
import java.util.Map;

/**
 * Decodes stream records into {@link Change}s with a generated decoder: the images through the schema (a shared
 * table's decoder picks the entity type by the discriminator), the keys into a typed {@link Key}. An entity
 * repository's feed on a shared table keeps only its own type's records ({@code discriminator} not null): a record
 * whose image names another type is skipped; one without an image (a KEYS_ONLY stream) is kept, as its type cannot
 * be told.
 */
final class ChangeDecoder<T> {
    private final String tableName;
    private final ItemDecoder<T> decoder;
    private final String discriminatorAttribute;
    private final AttributeValue discriminator;

    ChangeDecoder(String tableName, ItemDecoder<T> decoder, String discriminatorAttribute, String discriminatorValue) {
        this.tableName = tableName;
        this.decoder = decoder;
        this.discriminatorAttribute = discriminatorAttribute;
        this.discriminator = discriminatorValue == null ? null : AttributeValue.s(discriminatorValue);
    }

    /** The change {@code r} records, or null when it is another entity type's. */
    Change<T> decode(StreamRecord r) {
        if (discriminator != null && !ownType(r.newImage() != null ? r.newImage() : r.oldImage())) {
            return null;
        }
        return Change.of(
                switch (r.eventName()) {
                    case INSERT -> Change.Type.INSERT;
                    case MODIFY -> Change.Type.MODIFY;
                    case REMOVE -> Change.Type.REMOVE;
                },
                Key.of(tableName, r.keys(), decoder),
                r.oldImage() == null ? null : decoder.fromItem(r.oldImage()),
                r.newImage() == null ? null : decoder.fromItem(r.newImage()),
                r.sequenceNumber(),
                r.approximateCreationDateTime(),
                StreamRecord.Identity.TIME_TO_LIVE.equals(r.userIdentity()));
    }

    private boolean ownType(Map<String, AttributeValue> image) {
        return image == null || discriminator.equals(image.get(discriminatorAttribute));
    }
}
