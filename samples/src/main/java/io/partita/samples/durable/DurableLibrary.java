package io.partita.samples.durable;

import io.partita.Partita;
import io.partita.samples.quickstart.Book;
import io.partita.samples.quickstart.BookRepository;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Durable mode: the quickstart's books in a directory. The first session writes them and closes the database;
 * the second opens the same directory, as a restarted program would, and finds them, index included.
 *
 * <pre>mvn -B -q -pl samples -am -DskipTests package exec:java -Dexec.mainClass=io.partita.samples.durable.DurableLibrary</pre>
 *
 * With an argument, the database lives in that directory and outlives the program: run it twice and the second
 * run's first session finds the books already there.
 */
public final class DurableLibrary {
    private DurableLibrary() {}

    public static void main(String[] args) throws IOException {
        run(args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("partita-library"), System.out);
    }

    public static void run(Path dir, PrintStream out) {
        try (Partita db = Partita.open(dir)) { // session 1: creates the directory's store
            BookRepository books = BookRepository.of(db);
            out.println("session 1: " + books.byAuthor("Knuth").count() + " books by Knuth on disk at start");
            books.put(new Book("978-0201896831", "Knuth", 1997, "TAOCP 1"));
            books.put(new Book("978-0201896848", "Knuth", 1998, "TAOCP 2"));
            books.put(new Book("978-0262510875", "Abelson", 1996, "SICP"));
        } // closed: nothing is left in memory
        try (Partita db = Partita.open(dir)) { // session 2: a restart
            BookRepository books = BookRepository.of(db);
            out.println(
                    "session 2: " + books.get("978-0262510875").map(Book::title).orElse("missing"));
            books.byAuthor("Knuth")
                    .descending()
                    .list()
                    .forEach(b -> out.println("session 2: " + b.year() + "  " + b.title()));
        }
    }
}
