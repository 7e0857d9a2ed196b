package io.partita.spring.boot;

import io.partita.Partita;
import io.partita.RequestListener;
import io.partita.TableNameResolver;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.storage.Backend;
import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The {@code Partita} bean and every generated repository as a bean.
 *
 * <ul>
 *   <li>{@code Partita}: on the application's {@code DynamoDbClient} bean when there is one (and
 *       {@code partita-dynamodb} is on the class path) — with its {@code DynamoDbAsyncClient} bean too when it also
 *       has one, so the asynchronous API does not block —, on the {@code DynamoDbAsyncClient} bean alone when that
 *       is the only client, otherwise on the embedded core: durable in
 *       {@code partita.storage.data-dir} when set, in memory otherwise. An application's own {@code Partita} bean
 *       replaces it.
 *   <li>Table names from {@code partita.table-names.prefix/suffix} (or a {@link TableNameResolver} bean); every
 *       {@link RequestListener} bean (the Micrometer binding among them) and {@link PartitaBuilderCustomizer} bean
 *       applied.
 *   <li>One bean per repository listed in {@code META-INF/partita/repositories.idx} ({@link RepositoryIndex}),
 *       created by its {@code of(Partita)} factory; {@code partita.tables.create-on-startup} and
 *       {@code check-on-startup} act on each repository's table as the repository bean is created.
 * </ul>
 */
@AutoConfiguration(
        afterName = {
            // a DynamoDbClient bean made by Spring Cloud AWS
            "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration"
        })
@ConditionalOnClass(Partita.class)
@EnableConfigurationProperties(PartitaProperties.class)
@Import({
    PartitaAutoConfiguration.DynamoDbConfiguration.class,
    PartitaAutoConfiguration.DynamoDbAsyncConfiguration.class,
    PartitaAutoConfiguration.DynamoDbRequired.class,
    PartitaAutoConfiguration.EmbeddedConfiguration.class,
    PartitaAutoConfiguration.EmbeddedFallbackConfiguration.class,
    PartitaAutoConfiguration.RepositoriesConfiguration.class
})
public class PartitaAutoConfiguration {

    /** The tables of the repository beans, and the startup policy applied to them. */
    @Bean
    @ConditionalOnMissingBean
    public RepositoryTables partitaRepositoryTables(ObjectProvider<Partita> partita, PartitaProperties properties) {
        return new RepositoryTables(partita, properties.getTables());
    }

    /** Static, so that registering it instantiates nothing else (BeanPostProcessors are created first). */
    @Bean
    static RepositoryTables.PostProcessor partitaRepositoryTablesPostProcessor(
            ObjectProvider<RepositoryTables> tables) {
        return new RepositoryTables.PostProcessor(tables);
    }

    /** On the application's DynamoDbClient bean (partita.backend auto or dynamodb). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({DynamoDbClient.class, PartitaDynamoDb.class})
    @BackendCondition.OnDynamoDb
    static class DynamoDbConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnSingleCandidate(DynamoDbClient.class)
        Partita partita(
                DynamoDbClient client,
                ObjectProvider<DynamoDbAsyncClient> asyncClient,
                PartitaProperties properties,
                ObjectProvider<TableNameResolver> tableNames,
                ObjectProvider<RequestListener> listeners,
                ObjectProvider<PartitaBuilderCustomizer> customizers) {
            DynamoDbAsyncClient async = asyncClient.getIfUnique();
            Partita.Builder builder =
                    async == null ? PartitaDynamoDb.builder(client) : PartitaDynamoDb.builder(client, async);
            return configure(builder, properties, tableNames, listeners, customizers)
                    .build();
        }
    }

    /**
     * On the application's DynamoDbAsyncClient bean when it has no DynamoDbClient bean: the asynchronous API sends
     * without blocking, the blocking API waits for the same client's answers.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({DynamoDbAsyncClient.class, PartitaDynamoDb.class})
    @BackendCondition.OnDynamoDb
    @ConditionalOnMissingBean(type = "software.amazon.awssdk.services.dynamodb.DynamoDbClient")
    static class DynamoDbAsyncConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnSingleCandidate(DynamoDbAsyncClient.class)
        Partita partita(
                DynamoDbAsyncClient client,
                PartitaProperties properties,
                ObjectProvider<TableNameResolver> tableNames,
                ObjectProvider<RequestListener> listeners,
                ObjectProvider<PartitaBuilderCustomizer> customizers) {
            return configure(PartitaDynamoDb.builder(client), properties, tableNames, listeners, customizers)
                    .build();
        }
    }

    /** partita.backend=dynamodb without a DynamoDbClient or DynamoDbAsyncClient bean: startup fails saying so. */
    @Configuration(proxyBeanMethods = false)
    @BackendCondition.OnDynamoDbOnly
    @ConditionalOnMissingBean(
            type = {
                "software.amazon.awssdk.services.dynamodb.DynamoDbClient",
                "software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient"
            })
    static class DynamoDbRequired {
        @Bean
        @ConditionalOnMissingBean
        Partita partita() {
            throw new IllegalStateException(Messages.NO_DYNAMODB_CLIENT.format());
        }
    }

    /** On the embedded core (partita.backend=embedded), durable when partita.storage.data-dir is set. */
    @Configuration(proxyBeanMethods = false)
    @BackendCondition.OnEmbeddedOnly
    static class EmbeddedConfiguration {
        @Bean
        @ConditionalOnMissingBean
        Partita partita(
                PartitaProperties properties,
                ObjectProvider<TableNameResolver> tableNames,
                ObjectProvider<RequestListener> listeners,
                ObjectProvider<PartitaBuilderCustomizer> customizers) {
            return embedded(properties, tableNames, listeners, customizers);
        }
    }

    /**
     * On the embedded core when partita.backend is auto and the application has no DynamoDbClient or DynamoDbAsyncClient bean (or no
     * partita-dynamodb). The conditions of the five configurations exclude each other, so the order Spring reads
     * them in does not matter.
     */
    @Configuration(proxyBeanMethods = false)
    @BackendCondition.OnAuto
    @Conditional(NoDynamoDb.class)
    static class EmbeddedFallbackConfiguration {
        @Bean
        @ConditionalOnMissingBean
        Partita partita(
                PartitaProperties properties,
                ObjectProvider<TableNameResolver> tableNames,
                ObjectProvider<RequestListener> listeners,
                ObjectProvider<PartitaBuilderCustomizer> customizers) {
            return embedded(properties, tableNames, listeners, customizers);
        }
    }

    static final class NoDynamoDb extends AnyNestedCondition {
        NoDynamoDb() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnMissingClass("io.partita.dynamodb.PartitaDynamoDb")
        static class NoBackendModule {}

        @ConditionalOnMissingBean(
                type = {
                    "software.amazon.awssdk.services.dynamodb.DynamoDbClient",
                    "software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient"
                })
        static class NoClientBean {}
    }

    static Partita embedded(
            PartitaProperties properties,
            ObjectProvider<TableNameResolver> tableNames,
            ObjectProvider<RequestListener> listeners,
            ObjectProvider<PartitaBuilderCustomizer> customizers) {
        PartitaProperties.Storage storage = properties.getStorage();
        Backend core = storage.getDataDir() == null
                ? Storage.inMemory()
                : Storage.open(storage.getDataDir(), DurableOptions.defaults().withDurability(storage.getDurability()));
        try {
            return configure(Partita.builder(core), properties, tableNames, listeners, customizers)
                    .build();
        } catch (RuntimeException | Error e) {
            core.close();
            throw e;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "partita.repositories.enabled", matchIfMissing = true)
    @Import(PartitaRepositoriesRegistrar.class)
    static class RepositoriesConfiguration {}

    static Partita.Builder configure(
            Partita.Builder builder,
            PartitaProperties properties,
            ObjectProvider<TableNameResolver> tableNames,
            ObjectProvider<RequestListener> listeners,
            ObjectProvider<PartitaBuilderCustomizer> customizers) {
        builder.tableNames(tableNames.getIfAvailable(() -> resolver(properties.getTableNames())));
        listeners.orderedStream().forEach(builder::listener);
        builder.consumedCapacity(properties.getConsumedCapacity());
        builder.slowRequestThreshold(properties.getSlowRequestThreshold());
        customizers.orderedStream().forEach(c -> c.customize(builder));
        return builder;
    }

    static TableNameResolver resolver(PartitaProperties.TableNames names) {
        String prefix = names.getPrefix() == null ? "" : names.getPrefix();
        String suffix = names.getSuffix() == null ? "" : names.getSuffix();
        if (prefix.isEmpty() && suffix.isEmpty()) {
            return TableNameResolver.identity();
        }
        return TableNameResolver.of(logical -> prefix + logical + suffix);
    }
}
