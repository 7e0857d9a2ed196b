package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.partita.Partita;
import io.partita.micrometer.PartitaMetrics;
import io.partita.spring.boot.library.Book;
import io.partita.spring.boot.library.BookRepository;
import io.partita.spring.boot.shop.Customer;
import io.partita.spring.boot.shop.CustomerRepository;
import io.partita.spring.boot.shop.ShopTableRepository;
import io.partita.storage.DurableStorage;
import io.partita.storage.Storage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The auto-configuration on the embedded core, in memory and durable (ApplicationContextRunner: real contexts). */
class EmbeddedAutoConfigurationTest {
    static final String SHOP_ORDERS = "io.partita.spring.boot.shop.OrderRepository";
    static final String ARCHIVED_ORDERS = "io.partita.spring.boot.archive.OrderRepository";

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    PartitaAutoConfiguration.class,
                    PartitaMetricsAutoConfiguration.class,
                    PartitaHealthAutoConfiguration.class));

    @Test
    void everyIndexedRepositoryIsABeanOnAnInMemoryCore() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Partita.class);
            assertThat(context.getBean(Partita.class).backend()).isInstanceOf(Storage.class);
            assertThat(context.getBean(Partita.class).backend()).isNotInstanceOf(DurableStorage.class);
            // simple names where unique, class names where two repositories share one
            assertThat(context)
                    .hasBean("bookRepository")
                    .hasBean("customerRepository")
                    .hasBean("shopTableRepository")
                    .hasBean(SHOP_ORDERS)
                    .hasBean(ARCHIVED_ORDERS);
            assertThat(context.getBeansOfType(BookRepository.class)).hasSize(1);
            BookRepository books = context.getBean(BookRepository.class);
            books.put(new Book("1", "Knuth", 1997, "TAOCP 1"));
            assertThat(books.byAuthor("Knuth").count()).isEqualTo(1);
            context.getBean(CustomerRepository.class).put(new Customer("c1", "Ada"));
            assertThat(context.getBean(ShopTableRepository.class)
                            .customerCollection("c1")
                            .list())
                    .containsExactly(new Customer("c1", "Ada"));
            // the embedded core creates each table when its repository is opened
            assertThat(context.getBean(Partita.class).backend().listTables())
                    .containsExactlyInAnyOrder("ArchivedOrders", "Books", "Shop");
            assertThat(context.getBean(RepositoryTables.class).tables())
                    .extracting(t -> t.name())
                    .containsExactlyInAnyOrder("ArchivedOrders", "Books", "Shop");
        });
    }

    @Test
    void tableNamePrefixAndSuffixApplyToEveryRepository() {
        runner.withPropertyValues("partita.table-names.prefix=dev-", "partita.table-names.suffix=_t42")
                .run(context -> {
                    Partita db = context.getBean(Partita.class);
                    assertThat(db.tableName("Books")).isEqualTo("dev-Books_t42");
                    context.getBean(BookRepository.class).put(new Book("1", "Knuth", 1997, "TAOCP 1"));
                    assertThat(db.backend().listTables())
                            .containsExactlyInAnyOrder("dev-ArchivedOrders_t42", "dev-Books_t42", "dev-Shop_t42");
                });
    }

    @Test
    void aDataDirectoryMakesTheCoreDurable(@TempDir Path dir) {
        ApplicationContextRunner durable = runner.withPropertyValues(
                "partita.storage.data-dir=" + dir.resolve("db"), "partita.storage.durability=sync");
        durable.run(context -> {
            assertThat(context.getBean(Partita.class).backend()).isInstanceOf(DurableStorage.class);
            context.getBean(BookRepository.class).put(new Book("1", "Knuth", 1997, "TAOCP 1"));
        });
        // the context closed the database (its destroy method); a new application finds the book
        durable.run(context -> assertThat(context.getBean(BookRepository.class).get("1"))
                .map(Book::title)
                .contains("TAOCP 1"));
    }

    @Test
    void theApplicationsOwnPartitaBeanAndTableNamesWin() {
        runner.withBean(
                        Partita.class,
                        () -> Partita.builder(Storage.inMemory())
                                .tableNames(n -> "mine-" + n)
                                .build())
                .run(context -> {
                    assertThat(context).hasSingleBean(Partita.class);
                    assertThat(context.getBean(Partita.class).backend().listTables())
                            .contains("mine-Books");
                });
        runner.withBean(io.partita.TableNameResolver.class, () -> n -> n.toLowerCase(java.util.Locale.ROOT))
                .run(context -> assertThat(
                                context.getBean(Partita.class).backend().listTables())
                        .contains("books"));
    }

    @Test
    void repositoriesCanBeTurnedOff() {
        runner.withPropertyValues("partita.repositories.enabled=false")
                .run(context -> assertThat(context).hasSingleBean(Partita.class).doesNotHaveBean(BookRepository.class));
    }

    @Test
    void dynamoDbBackendWithoutAClientFailsSayingSo() {
        runner.withPropertyValues("partita.backend=dynamodb")
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining(
                                "partita.backend=dynamodb needs a DynamoDbClient or DynamoDbAsyncClient bean"));
    }

    @Test
    void healthIsUpWhenEveryRepositoryTableMatchesTheDesign() {
        runner.run(context -> {
            Health health = context.getBean(PartitaHealthIndicator.class).health(true);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("backend", "embedded, in memory");
            assertThat(health.getDetails().get("tables"))
                    .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                    .containsExactlyInAnyOrder("ArchivedOrders", "Books", "Shop");
        });
        runner.withPropertyValues("management.health.partita.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(PartitaHealthIndicator.class));
    }

    @Test
    void metricsAreRecordedWhenThereIsAMeterRegistry() {
        ApplicationContextRunner withMetrics = runner.withConfiguration(AutoConfigurations.of(
                org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration.class,
                org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration.class,
                org.springframework.boot.micrometer.metrics.autoconfigure.export.simple
                        .SimpleMetricsExportAutoConfiguration.class));
        withMetrics.run(context -> {
            assertThat(context).hasSingleBean(PartitaMetrics.class);
            context.getBean(BookRepository.class).put(new Book("1", "Knuth", 1997, "TAOCP 1"));
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.get("partita.requests")
                            .tag("operation", "PutItem")
                            .tag("table", "Books")
                            .timer()
                            .count())
                    .isEqualTo(1);
        });
        withMetrics
                .withPropertyValues("partita.metrics.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(PartitaMetrics.class));
        runner.run(context -> assertThat(context).doesNotHaveBean(PartitaMetrics.class));
    }
}
