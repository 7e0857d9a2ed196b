package io.partita.samples.quickstart;

import io.partita.annotations.GsiKey;
import io.partita.annotations.KeyRole;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;

// spotless:off (quoted in the README, comments aligned)
@Table(name = "Books")                                        // one table, one kind of item
public record Book(
        @PartitionKey String isbn,                            // base-table key: get/put/delete by isbn
        @GsiKey(index = "ByAuthor") String author,            // GSI ByAuthor: partition key...
        @GsiKey(index = "ByAuthor", role = KeyRole.SORT) int year,  // ...and sort key
        String title) {}
// spotless:on
