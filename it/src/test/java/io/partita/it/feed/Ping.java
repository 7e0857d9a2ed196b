package io.partita.it.feed;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.StreamView;
import io.partita.annotations.Table;

/** A table streaming keys only: changes carry the key and no values. */
@Table(name = "FeedPings")
@ChangeStream(StreamView.KEYS_ONLY)
public record Ping(@PartitionKey String host, @SortKey long at, String status) {}
