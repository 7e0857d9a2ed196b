package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.spring.boot.library.BookRepository;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The startup time of {@link TestApplication}'s context with Partita (the Partita bean on the in-memory core, five
 * repository beans, three tables created) next to the same context without it (Partita's auto-configurations
 * excluded), in this JVM: one warm-up each, then runs alternating, medians printed. In-process and warm, so it
 * shows what Partita adds to a context, not a cold start (spring-boot/README.md has whole-process figures).
 */
class StartupTimeTest {
    static final int RUNS = 3;
    static final String WITHOUT_PARTITA = "--spring.autoconfigure.exclude=" + PartitaAutoConfiguration.class.getName()
            + "," + PartitaMetricsAutoConfiguration.class.getName() + ","
            + PartitaHealthAutoConfiguration.class.getName();

    @Test
    void contextWithPartitaNextToTheSameContextWithout() {
        List<Long> with = new ArrayList<>();
        List<Long> without = new ArrayList<>();
        start(true);
        start(false);
        for (int i = 0; i < RUNS; i++) {
            with.add(start(true));
            without.add(start(false));
        }
        System.out.printf(
                "Spring Boot context startup, in-process, warm (median of %d): with Partita %.1f ms, without %.1f ms"
                        + " (with %s, without %s, microseconds)%n",
                RUNS, median(with) / 1000.0, median(without) / 1000.0, with, without);
    }

    private static long start(boolean partita) {
        SpringApplication app = new SpringApplication(TestApplication.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setLogStartupInfo(false);
        long t0 = System.nanoTime();
        try (ConfigurableApplicationContext context = partita
                ? app.run("--spring.main.banner-mode=off")
                : app.run("--spring.main.banner-mode=off", WITHOUT_PARTITA)) {
            long micros = (System.nanoTime() - t0) / 1000;
            assertThat(context.getBeanNamesForType(BookRepository.class)).hasSize(partita ? 1 : 0);
            return micros;
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
