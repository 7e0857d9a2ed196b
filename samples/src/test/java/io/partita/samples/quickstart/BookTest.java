package io.partita.samples.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.junit.PartitaTest;
import org.junit.jupiter.api.Test;

// spotless:off (quoted in the README, comments aligned)
@PartitaTest                                   // a fresh embedded database per test, invariants checked after
class BookTest {
    @Test
    void booksByAuthorNewestFirst(BookRepository books) {   // the repository is injected
        books.put(new Book("1", "Knuth", 1968, "TAOCP 1"));
        books.put(new Book("2", "Knuth", 1997, "TAOCP 1, 3rd ed."));
        assertThat(books.byAuthor("Knuth").descending().first()).map(Book::year).contains(1997);
        assertThat(books.get("1")).map(Book::title).contains("TAOCP 1");
    }
}
// spotless:on
