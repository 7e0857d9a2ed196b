package io.partita.samples.boot;

import io.partita.annotations.GsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.SortKey;
import io.partita.annotations.Table;
import java.time.LocalDate;

/** A member's loan of a book: a member's loans by key, a book's loans through GSI ByBook. */
@Table(name = "Loans")
public record Loan(
        @PartitionKey String member,
        @SortKey @GsiKey(index = "ByBook") String isbn,
        LocalDate due) {}
