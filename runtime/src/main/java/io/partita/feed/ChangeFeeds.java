package io.partita.feed;

import io.partita.ChangeFeed;
import io.partita.Checkpoint;
import io.partita.Partita;
import io.partita.StartingPosition;
import io.partita.generated.EntityMapping;
import io.partita.mapping.ItemDecoder;
import io.partita.storage.schema.TableDefinition;
import java.util.Objects;

/**
 * Opens change feeds: what the {@code changes(...)} methods of generated repositories call (the processor names it
 * in its runtime contract). An entity repository's feed decodes with the entity's mapping (and, on a shared table,
 * keeps only that entity type's changes); a shared table's feed decodes each change by the discriminator.
 */
public final class ChangeFeeds {
    private ChangeFeeds() {}

    /** The changes of {@code mapping}'s entity, from {@code start}. */
    public static <T> ChangeFeed<T> entity(Partita db, EntityMapping<T> mapping, StartingPosition start) {
        return open(db, mapping.table(), entityDecoder(mapping), Objects.requireNonNull(start, "start"), null);
    }

    /** The changes of {@code mapping}'s entity, after {@code checkpoint}. */
    public static <T> ChangeFeed<T> entity(Partita db, EntityMapping<T> mapping, Checkpoint checkpoint) {
        return open(db, mapping.table(), entityDecoder(mapping), null, Objects.requireNonNull(checkpoint));
    }

    /** The changes of a shared table, each decoded by {@code decoder} (by the discriminator), from {@code start}. */
    public static <R> ChangeFeed<R> table(
            Partita db, TableDefinition table, ItemDecoder<R> decoder, StartingPosition start) {
        return open(
                db,
                table,
                new ChangeDecoder<>(table.name(), decoder, null, null),
                Objects.requireNonNull(start, "start"),
                null);
    }

    /** The changes of a shared table, each decoded by {@code decoder}, after {@code checkpoint}. */
    public static <R> ChangeFeed<R> table(
            Partita db, TableDefinition table, ItemDecoder<R> decoder, Checkpoint checkpoint) {
        return open(
                db,
                table,
                new ChangeDecoder<>(table.name(), decoder, null, null),
                null,
                Objects.requireNonNull(checkpoint, "checkpoint"));
    }

    private static <T> ChangeDecoder<T> entityDecoder(EntityMapping<T> mapping) {
        return new ChangeDecoder<>(
                mapping.table().name(),
                mapping,
                mapping.discriminatorAttribute().orElse(null),
                mapping.discriminatorValue().orElse(null));
    }

    private static <T> ChangeFeed<T> open(
            Partita db, TableDefinition table, ChangeDecoder<T> decoder, StartingPosition start, Checkpoint from) {
        return open(db, table, decoder, start, from, FeedTuning.DEFAULT);
    }

    static <T> ChangeFeed<T> open(
            Partita db,
            TableDefinition table,
            ChangeDecoder<T> decoder,
            StartingPosition start,
            Checkpoint from,
            FeedTuning tuning) {
        String tableName = table.name();
        FeedSignal signal = new FeedSignal();
        ShardFollower follower = ShardFollower.open(db.requests(), tableName, start, from, tuning, signal);
        return new StreamChangeFeed<>(tableName, follower, decoder, tuning, signal);
    }
}
