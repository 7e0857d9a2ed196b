package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.spring.boot.library.Book;
import io.partita.spring.boot.library.BookRepository;
import io.partita.spring.boot.shop.Customer;
import io.partita.spring.boot.shop.ShopTableRepository;
import io.partita.storage.Storage;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A Spring Boot application context whose DynamoDbClient bean is DynamoDB Local's: the Partita bean runs on it,
 * the tables are created on startup under the configured prefix and checked against the design.
 */
@SpringBootTest(
        classes = TestApplication.class,
        properties = {
            "partita.table-names.prefix=sbt-",
            "partita.tables.create-on-startup=create-if-missing",
            "partita.tables.check-on-startup=fail"
        })
@Import(SpringBootDynamoDbLocalTest.Client.class)
class SpringBootDynamoDbLocalTest {
    @TestConfiguration(proxyBeanMethods = false)
    static class Client {
        /** The JVM's shared DynamoDB Local client, closed by the test launcher (not by the context). */
        @Bean(destroyMethod = "")
        DynamoDbClient dynamoDbClient() {
            return DynamoDbLocal.client();
        }
    }

    @Autowired
    Partita db;

    @Autowired
    BookRepository books;

    @Autowired
    io.partita.spring.boot.shop.CustomerRepository customers;

    @Autowired
    ShopTableRepository shop;

    @Autowired
    PartitaHealthIndicator health;

    @Test
    void repositoriesRunOnDynamoDbLocal() {
        assertThat(db.backend()).isNotInstanceOf(Storage.class);
        assertThat(DynamoDbLocal.client().listTables().tableNames())
                .contains("sbt-ArchivedOrders", "sbt-Books", "sbt-Shop");
        books.put(new Book("978-0201896831", "Knuth", 1997, "TAOCP 1"));
        customers.put(new Customer("c1", "Ada"));
        assertThat(books.byAuthor("Knuth").list()).extracting(Book::title).containsExactly("TAOCP 1");
        assertThat(shop.customerCollection("c1").list()).containsExactly(new Customer("c1", "Ada"));
        assertThat(health.health(true).getStatus()).isEqualTo(Status.UP);
    }
}
