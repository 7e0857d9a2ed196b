package io.partita.junit;

import io.partita.annotations.ChangeStream;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;

/** An entity whose table has a change stream, for {@link PartitaChanges}' tests. */
@Table(name = "Ticks")
@ChangeStream
public record Tick(@PartitionKey String id, int value) {}
