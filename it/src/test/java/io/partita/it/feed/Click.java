package io.partita.it.feed;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;

/** A counter whose table streams both images: the typed feed's INSERT / MODIFY / REMOVE. */
@Table(name = "FeedClicks")
@ChangeStream(StreamView.NEW_AND_OLD_IMAGES)
public record Click(@PartitionKey String id, String referrer, long count) {}
