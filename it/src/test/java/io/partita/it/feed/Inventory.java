package io.partita.it.feed;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;

/** A sealed shared table with a stream: its feed is a {@code ChangeFeed<Inventory>}. */
@Table(name = "FeedInventory", partitionKey = "PK", sortKey = "SK")
@ChangeStream(StreamView.NEW_AND_OLD_IMAGES)
public sealed interface Inventory permits Stock, Restock {}
