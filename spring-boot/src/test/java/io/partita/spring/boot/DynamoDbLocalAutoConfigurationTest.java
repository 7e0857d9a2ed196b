package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.DesignMismatch;
import io.partita.Partita;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.dynamodb.DynamoDbLocalHttp;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.spring.boot.library.Book;
import io.partita.spring.boot.library.BookRepository;
import io.partita.spring.boot.shop.Customer;
import io.partita.spring.boot.shop.CustomerRepository;
import io.partita.storage.Storage;
import java.net.URI;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The auto-configuration on the application's DynamoDbClient bean, here DynamoDB Local's (in process): table
 * names, create-if-missing, the design check on startup, health. Each test uses its own table-name prefix, so the
 * tests share one DynamoDB Local without seeing each other's tables.
 */
class DynamoDbLocalAutoConfigurationTest {
    private static final AtomicInteger RUN = new AtomicInteger();

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    PartitaAutoConfiguration.class,
                    PartitaMetricsAutoConfiguration.class,
                    PartitaHealthAutoConfiguration.class))
            // the shared client: the context must not close it (a @Bean client would be closed with its context)
            .withBean(DynamoDbClient.class, DynamoDbLocal::client, bean -> bean.setDestroyMethodName(""));

    private static String prefix() {
        return "boot" + RUN.incrementAndGet() + "-";
    }

    @Test
    void repositoriesRunOnTheClientBeanUnderResolvedNamesCreatedOnStartup() {
        String prefix = prefix();
        runner.withPropertyValues(
                        "partita.table-names.prefix=" + prefix,
                        "partita.tables.create-on-startup=create-if-missing",
                        "partita.tables.check-on-startup=fail")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    Partita db = context.getBean(Partita.class);
                    assertThat(db.backend()).isNotInstanceOf(Storage.class);
                    assertThat(db.createsTablesOnOpen()).isFalse();
                    assertThat(DynamoDbLocal.client().listTables().tableNames())
                            .contains(prefix + "Books", prefix + "Shop", prefix + "ArchivedOrders");
                    BookRepository books = context.getBean(BookRepository.class);
                    books.put(new Book("1", "Knuth", 1997, "TAOCP 1"));
                    assertThat(books.byAuthor("Knuth").list())
                            .extracting(Book::title)
                            .containsExactly("TAOCP 1");
                    context.getBean(CustomerRepository.class).put(new Customer("c1", "Ada"));
                    assertThat(context.getBean(CustomerRepository.class).get("c1"))
                            .contains(new Customer("c1", "Ada"));

                    Health health =
                            context.getBean(PartitaHealthIndicator.class).health(true);
                    assertThat(health.getStatus()).isEqualTo(Status.UP);
                    assertThat(health.getDetails()).containsEntry("backend", "DynamoDbBackend");
                });
    }

    @Test
    void checkOnStartupFailNamesTheMissingTable() {
        String prefix = prefix();
        runner.withPropertyValues("partita.table-names.prefix=" + prefix, "partita.tables.check-on-startup=fail")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure())
                            .rootCause()
                            .isInstanceOf(DesignMismatchOnStartupException.class)
                            .hasMessageContaining("partita.tables.check-on-startup=fail")
                            .hasMessageContaining(prefix);
                    DesignMismatchOnStartupException e = (DesignMismatchOnStartupException)
                            org.springframework.core.NestedExceptionUtils.getRootCause(context.getStartupFailure());
                    assertThat(e.report().mismatches())
                            .extracting(DesignMismatch::kind)
                            .containsOnly(DesignMismatch.Kind.MISSING_TABLE);
                    // one failed startup names every table of every repository bean, not only the first one created
                    assertThat(e.report().mismatches())
                            .extracting(DesignMismatch::deployedTable)
                            .containsExactlyInAnyOrder(prefix + "ArchivedOrders", prefix + "Books", prefix + "Shop");
                });
    }

    @Test
    void checkOnStartupWarnStartsAndHealthIsDownWithTheMismatches() {
        String prefix = prefix();
        // Books deployed without its GSI: a design mismatch the health indicator reports
        Partita setup = PartitaDynamoDb.builder(DynamoDbLocal.client())
                .tableNames(n -> prefix + n)
                .build();
        setup.tables()
                .create(io.partita.storage.schema.TableDefinition.builder(BookRepository.TABLE.name())
                        .partitionKey(BookRepository.TABLE.partitionKey())
                        .build());
        runner.withPropertyValues("partita.table-names.prefix=" + prefix, "partita.tables.check-on-startup=warn")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    Health health =
                            context.getBean(PartitaHealthIndicator.class).health(true);
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(health.getDetails().get("mismatches"))
                            .asString()
                            .contains("MISSING_GSI", prefix + "Books", "ByAuthor", "MISSING_TABLE", prefix + "Shop");
                });
    }

    @Test
    void healthIsDownWithTheErrorWhenTheBackendDoesNotAnswer() {
        // a client to a closed port on this machine, no retries: every request fails at once
        DynamoDbClient unreachable = DynamoDbClient.builder()
                .endpointOverride(URI.create("http://127.0.0.1:9"))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "y")))
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
        try {
            new ApplicationContextRunner()
                    .withConfiguration(
                            AutoConfigurations.of(PartitaAutoConfiguration.class, PartitaHealthAutoConfiguration.class))
                    .withBean(DynamoDbClient.class, () -> unreachable)
                    .run(context -> {
                        Health health =
                                context.getBean(PartitaHealthIndicator.class).health(true);
                        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                        assertThat(health.getDetails()).containsKey("error");
                    });
        } finally {
            unreachable.close();
        }
    }

    @Test
    void anAsyncClientBeanAloneServesTheAsynchronousAndTheBlockingApi() {
        String prefix = prefix();
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(PartitaAutoConfiguration.class))
                .withBean(DynamoDbAsyncClient.class, DynamoDbLocalHttp::client, bean -> bean.setDestroyMethodName(""))
                .withPropertyValues(
                        "partita.table-names.prefix=" + prefix,
                        "partita.tables.create-on-startup=create-if-missing",
                        "partita.tables.check-on-startup=fail")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(DynamoDbLocalHttp.client().listTables().join().tableNames())
                            .contains(prefix + "Books", prefix + "Shop");
                    BookRepository books = context.getBean(BookRepository.class);
                    books.async().put(new Book("1", "Knuth", 1997, "TAOCP 1")).join();
                    assertThat(books.byAuthor("Knuth").listAsync().join())
                            .extracting(Book::title)
                            .containsExactly("TAOCP 1");
                    assertThat(books.byAuthor("Knuth").list())
                            .extracting(Book::title)
                            .containsExactly("TAOCP 1");
                });
    }

    @Test
    void withBothClientBeansTheAsynchronousApiSendsThroughTheAsyncClient() {
        String prefix = prefix();
        URI endpoint = DynamoDbLocalHttp.client()
                .serviceClientConfiguration()
                .endpointOverride()
                .orElseThrow();
        AtomicInteger blockingCalls = new AtomicInteger();
        AtomicInteger asyncCalls = new AtomicInteger();
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(PartitaAutoConfiguration.class))
                .withBean(
                        DynamoDbClient.class,
                        () -> DynamoDbClient.builder()
                                .endpointOverride(endpoint)
                                .region(Region.US_EAST_1)
                                .credentialsProvider(CREDENTIALS)
                                .overrideConfiguration(o -> o.addExecutionInterceptor(counting(blockingCalls)))
                                .build())
                .withBean(
                        DynamoDbAsyncClient.class,
                        () -> DynamoDbAsyncClient.builder()
                                .endpointOverride(endpoint)
                                .region(Region.US_EAST_1)
                                .credentialsProvider(CREDENTIALS)
                                .overrideConfiguration(o -> o.addExecutionInterceptor(counting(asyncCalls)))
                                .build())
                .withPropertyValues(
                        "partita.table-names.prefix=" + prefix, "partita.tables.create-on-startup=create-if-missing")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    BookRepository books = context.getBean(BookRepository.class);
                    books.put(new Book("2", "Dijkstra", 1976, "A Discipline of Programming"));
                    int blocking = blockingCalls.get();
                    assertThat(blocking)
                            .as("table creation and the put: blocking")
                            .isPositive();
                    assertThat(asyncCalls).hasValue(0);

                    assertThat(books.async().get(books.key("2")).join())
                            .map(Book::title)
                            .contains("A Discipline of Programming");
                    assertThat(asyncCalls).hasValue(1);
                    assertThat(blockingCalls)
                            .as("nothing more on the blocking client")
                            .hasValue(blocking);
                });
    }

    private static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test"));

    private static ExecutionInterceptor counting(AtomicInteger calls) {
        return new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                calls.incrementAndGet();
            }
        };
    }

    @Test
    void backendEmbeddedIgnoresTheClientBean() {
        runner.withPropertyValues("partita.backend=embedded").run(context -> {
            assertThat(context.getBean(Partita.class).backend()).isInstanceOf(Storage.class);
            assertThat(context.getBean(Partita.class).backend().listTables())
                    .containsAll(List.of("Books", "Shop", "ArchivedOrders"));
        });
    }

    @Test
    void withoutPartitaDynamoDbTheClientBeanIsNotUsed() {
        runner.withClassLoader(new FilteredClassLoader(PartitaDynamoDb.class))
                .run(context ->
                        assertThat(context.getBean(Partita.class).backend()).isInstanceOf(Storage.class));
    }
}
