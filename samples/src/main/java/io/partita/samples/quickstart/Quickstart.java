package io.partita.samples.quickstart;

import io.partita.Partita;
import java.io.PrintStream;

public final class Quickstart {
    public static void main(String[] args) {
        run(System.out);
    }

    public static void run(PrintStream out) {
        // spotless:off (quoted in the README, comments aligned)
        try (Partita db = Partita.inMemory()) {                      // the embedded core, in memory
            BookRepository books = BookRepository.of(db);            // generated; creates table Books
            books.put(new Book("978-0262510875", "Abelson", 1996, "SICP"));
            books.put(new Book("978-0201896831", "Knuth", 1997, "TAOCP 1"));
            books.put(new Book("978-0201896848", "Knuth", 1998, "TAOCP 2"));
            books.put(new Book("978-0201038040", "Knuth", 1984, "The TeXbook"));

            out.println(books.get("978-0262510875").orElseThrow());  // by key
            books.byAuthor("Knuth").year().ge(1990).descending()     // index query, typed sort key
                    .list().forEach(b -> out.println(b.year() + "  " + b.title()));
            out.println(books.byAuthor("Knuth").count() + " books by Knuth");
        }
        // spotless:on
    }
}
