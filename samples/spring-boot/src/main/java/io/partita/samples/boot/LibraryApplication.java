package io.partita.samples.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.partita.Partita;
import io.partita.spring.boot.PartitaHealthIndicator;
import java.io.PrintStream;
import java.time.LocalDate;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A non-web Spring Boot application: the Partita starter makes the {@code Partita} bean (the embedded core, in
 * memory; set {@code partita.storage.data-dir} for a durable one) and one bean per generated repository; the runner
 * below uses them and the application exits.
 *
 * <pre>
 * ./mvnw -B -ntp -pl samples/spring-boot -am -DskipTests package exec:java
 * </pre>
 */
@SpringBootApplication
public class LibraryApplication {

    public static void main(String[] args) {
        // runs the CommandLineRunner, then closes the context (and the database) and returns
        try (ConfigurableApplicationContext context = SpringApplication.run(LibraryApplication.class, args)) {
            context.getBean(Partita.class); // started
        }
    }

    @Bean
    CommandLineRunner library(
            BookRepository books,
            LoanRepository loans,
            Partita db,
            PartitaHealthIndicator health,
            MeterRegistry meters) {
        return args -> {
            PrintStream out = System.out;
            books.put(new Book("978-0262510875", "Abelson", 1996, "SICP"));
            books.put(new Book("978-0201896831", "Knuth", 1997, "TAOCP 1"));
            books.put(new Book("978-0201896848", "Knuth", 1998, "TAOCP 2"));
            loans.put(new Loan("ada", "978-0201896831", LocalDate.of(2026, 12, 1)));
            loans.put(new Loan("ada", "978-0262510875", LocalDate.of(2026, 12, 8)));
            loans.put(new Loan("alan", "978-0201896831", LocalDate.of(2026, 12, 15)));

            out.println("tables: " + db.backend().listTables().stream().sorted().toList());
            out.println("Knuth, newest first:");
            books.byAuthor("Knuth").descending().list().forEach(b -> out.println("  " + b.year() + "  " + b.title()));
            out.println("ada's loans:");
            loans.query("ada")
                    .list()
                    .forEach(l ->
                            out.println("  " + books.get(l.isbn()).orElseThrow().title() + ", due " + l.due()));
            out.println("loans of TAOCP 1: " + loans.byBook("978-0201896831").count());
            out.println("health: " + health.health(true).getStatus());
            out.println("requests recorded by Micrometer: "
                    + meters.get("partita.requests").timers().stream()
                            .mapToLong(t -> t.count())
                            .sum());
        };
    }
}
