package io.partita.benchmarks.feed;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;

/** An item of a streamed table for {@link FeedReadBench}: the processor generates {@code StreamedItemRepository}. */
@Table(name = "Streamed")
@ChangeStream(StreamView.NEW_AND_OLD_IMAGES)
public record StreamedItem(@PartitionKey String pk, @SortKey String sk, String a, long b, String d) {}
