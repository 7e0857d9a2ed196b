package io.partita.junit;

import io.partita.annotations.GsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;

/** A small entity for the extension's own tests. */
@Table(name = "Notes")
public record Note(
        @PartitionKey String author,
        @SortKey String id,
        @GsiKey(index = "ByTopic") String topic,
        String text) {}
