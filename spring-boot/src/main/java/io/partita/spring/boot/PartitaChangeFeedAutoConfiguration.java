package io.partita.spring.boot;

import io.partita.ChangeHandler;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Change handlers: when the application has {@link ChangeHandler} beans, {@link ChangeHandlerSubscriptions}
 * subscribes each to its entity's change feed at startup and stops them at shutdown.
 */
@AutoConfiguration(after = PartitaAutoConfiguration.class)
@ConditionalOnClass(ChangeHandler.class)
public class PartitaChangeFeedAutoConfiguration {
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(ChangeHandler.class)
    public ChangeHandlerSubscriptions partitaChangeHandlerSubscriptions(ListableBeanFactory beans) {
        return new ChangeHandlerSubscriptions(beans);
    }
}
