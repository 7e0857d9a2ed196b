package io.partita.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.partita.Partita;
import io.partita.micrometer.PartitaMetrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

/**
 * The Micrometer binding ({@code partita-micrometer}'s {@link PartitaMetrics}) as a request listener of the
 * {@code Partita} bean, when the application has a {@link MeterRegistry} (Spring Boot's metrics auto-configuration
 * makes one) and {@code partita.metrics.enabled} is not false.
 */
@AutoConfiguration(
        before = PartitaAutoConfiguration.class,
        afterName = {
            // Spring Boot 4 (spring-boot-micrometer-metrics)
            "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
            "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
            // Spring Boot 3.5 (spring-boot-actuator-autoconfigure)
            "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
            "org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration"
        })
@ConditionalOnClass({Partita.class, MeterRegistry.class, PartitaMetrics.class})
@ConditionalOnSingleCandidate(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = "partita.metrics.enabled", matchIfMissing = true)
public class PartitaMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public PartitaMetrics partitaMetrics(MeterRegistry registry) {
        return PartitaMetrics.of(registry);
    }
}
