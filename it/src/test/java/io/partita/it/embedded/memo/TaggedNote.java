package io.partita.it.embedded.memo;

import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;
import java.util.List;

/** A record with a list: not deeply immutable (the list may be a mutable one), so never memoized. */
@Table(name = "TaggedNotes")
public record TaggedNote(@PartitionKey String id, List<String> tags) {}
