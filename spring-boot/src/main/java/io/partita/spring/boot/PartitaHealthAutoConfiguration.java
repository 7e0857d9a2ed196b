package io.partita.spring.boot;

import io.partita.Partita;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code partita} health indicator ({@link PartitaHealthIndicator}), when Spring Boot's health support
 * ({@code spring-boot-health}, brought by the actuator) is on the class path; {@code management.health.partita.enabled=false}
 * turns it off.
 */
@AutoConfiguration(after = PartitaAutoConfiguration.class)
@ConditionalOnClass({Partita.class, HealthIndicator.class})
@ConditionalOnBean(Partita.class)
public class PartitaHealthAutoConfiguration {

    @Bean
    @ConditionalOnEnabledHealthIndicator("partita")
    @ConditionalOnMissingBean(name = "partitaHealthIndicator")
    public PartitaHealthIndicator partitaHealthIndicator(Partita partita, RepositoryTables tables) {
        return new PartitaHealthIndicator(partita, tables);
    }
}
