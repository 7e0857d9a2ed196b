package io.partita.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application in Spring's AOT mode on the JVM, as a native image would start it: the build's {@code process-aot}
 * wrote {@code LibraryApplication__ApplicationContextInitializer} into target/classes, and this test runs in the
 * surefire execution {@code aot} with {@code -Dspring.aot.enabled=true}, so {@code SpringApplication} registers the
 * beans from that generated code instead of reading configuration classes, conditions and the repository index
 * (without the generated initializer it refuses to start).
 */
@ExtendWith(OutputCaptureExtension.class)
class LibraryApplicationAotTest {

    @Test
    void runsFromTheGeneratedInitializer(CapturedOutput output) throws ClassNotFoundException {
        assertThat(AotDetector.useGeneratedArtifacts())
                .as("spring.aot.enabled (set by the aot surefire execution)")
                .isTrue();
        Class.forName(LibraryApplication.class.getName() + "__ApplicationContextInitializer");

        LibraryApplication.main(new String[0]);

        assertThat(output.getOut()).contains("""
                        tables: [dev-Books, dev-Loans]
                        Knuth, newest first:
                          1998  TAOCP 2
                          1997  TAOCP 1
                        ada's loans:
                          TAOCP 1, due 2026-12-01
                          SICP, due 2026-12-08
                        loans of TAOCP 1: 2
                        health: UP
                        requests recorded by Micrometer: 11
                        """);
    }

    @Test
    void repositoriesAreBeansMadeByGeneratedCode() {
        SpringApplication application = new SpringApplication(LibraryApplication.class);
        // in AOT mode the initializer is found by the main class's name (deduced from the stack otherwise: here
        // surefire's)
        application.setMainApplicationClass(LibraryApplication.class);
        try (ConfigurableApplicationContext context = application.run()) {
            // registered by the generated BeanDefinitions code: an instance supplier that calls BookRepository.of
            // directly, not a factory method Spring looks up by name at run time
            RootBeanDefinition definition =
                    (RootBeanDefinition) context.getBeanFactory().getMergedBeanDefinition("bookRepository");
            assertThat(definition.getInstanceSupplier()).isNotNull();

            BookRepository books = context.getBean(BookRepository.class);
            books.put(new Book("978-0131103627", "Kernighan", 1988, "The C Programming Language"));
            assertThat(books.get("978-0131103627")).map(Book::title).contains("The C Programming Language");
            assertThat(context.getBean(LoanRepository.class).query("ada").count())
                    .isEqualTo(2);
            assertThat(context.getBean(Partita.class).backend().listTables())
                    .containsExactlyInAnyOrder("dev-Books", "dev-Loans");
        }
    }
}
