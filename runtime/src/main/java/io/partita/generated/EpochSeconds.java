package io.partita.generated;

import io.partita.internal.RuntimeMessage;
import io.partita.mapping.AttributeCodec;
import io.partita.mapping.Codecs;
import io.partita.mapping.MappingException;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * An {@link Instant} stored as a Number of whole epoch seconds, the form DynamoDB's time to live reads (an
 * {@code @Ttl Instant} field is stored this way; every other {@code Instant} is text, see {@link Codecs}). The
 * fraction of a second is dropped on the way in ({@link Instant#getEpochSecond()}: toward the past), so the value
 * read back is the second the item expires in.
 */
public final class EpochSeconds implements AttributeCodec<Instant> {
    /** The codec generated repositories use for {@code @Ttl Instant} fields. */
    public static final AttributeCodec<Instant> INSTANT = new EpochSeconds();

    private EpochSeconds() {}

    @Override
    public AttributeValue encode(Instant value) {
        return AttributeValue.n(value.getEpochSecond());
    }

    @Override
    public Instant decode(AttributeValue value) {
        if (value.type() != AttributeType.N) {
            throw new MappingException(RuntimeMessage.WrongAttributeType.format(AttributeType.N, value.type()));
        }
        try {
            return Instant.ofEpochSecond(value.asN().longValue());
        } catch (DateTimeException e) {
            throw new MappingException(RuntimeMessage.EpochSecondsOutOfRange.format(value.asN()), e);
        }
    }

    @Override
    public AttributeType type() {
        return AttributeType.N;
    }
}
