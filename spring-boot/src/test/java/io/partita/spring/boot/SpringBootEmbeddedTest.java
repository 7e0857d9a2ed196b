package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.partita.Partita;
import io.partita.spring.boot.library.Book;
import io.partita.spring.boot.library.BookRepository;
import io.partita.spring.boot.shop.Customer;
import io.partita.spring.boot.shop.CustomerRepository;
import io.partita.spring.boot.shop.Order;
import io.partita.spring.boot.shop.OrderRepository;
import io.partita.spring.boot.shop.ShopTableRepository;
import io.partita.storage.api.ReturnConsumedCapacity;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;

/** A Spring Boot application context on the embedded core: repositories injected, properties applied. */
@SpringBootTest(
        classes = TestApplication.class,
        properties = {"partita.table-names.prefix=it-", "partita.consumed-capacity=total"})
class SpringBootEmbeddedTest {
    @Autowired
    Partita db;

    @Autowired
    BookRepository books;

    @Autowired
    CustomerRepository customers;

    @Autowired
    OrderRepository orders; // shop.OrderRepository: injected by type although its bean name is its class name

    @Autowired
    @Qualifier("io.partita.spring.boot.archive.OrderRepository")
    io.partita.spring.boot.archive.OrderRepository archive;

    @Autowired
    ShopTableRepository shop;

    @Autowired
    PartitaProperties properties;

    @Autowired
    MeterRegistry registry;

    @Autowired
    PartitaHealthIndicator health;

    @Test
    void repositoriesAreInjectedAndPropertiesApplied() {
        assertThat(properties.getTableNames().getPrefix()).isEqualTo("it-");
        assertThat(db.backend().listTables()).containsExactlyInAnyOrder("it-ArchivedOrders", "it-Books", "it-Shop");

        books.put(new Book("978-0201896831", "Knuth", 1997, "TAOCP 1"));
        customers.put(new Customer("c1", "Ada"));
        orders.put(new Order("c1", "o1", 4200));
        archive.put(new io.partita.spring.boot.archive.Order("o0", 100));
        assertThat(books.byAuthor("Knuth").list()).extracting(Book::title).containsExactly("TAOCP 1");
        assertThat(shop.customerCollection("c1").list()).hasSize(2);
        assertThat(archive.get("o0")).isPresent();

        // partita.consumed-capacity=total reaches the Micrometer binding Boot's MeterRegistry got
        assertThat(registry.get("partita.consumed.capacity")
                        .tag("operation", "PutItem")
                        .tag("table", "it-Books")
                        .summary()
                        .totalAmount())
                .isEqualTo(2.0); // 1 WCU for the item, 1 for its GSI ByAuthor entry
        assertThat(properties.getConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
        assertThat(health.health(true).getStatus()).isEqualTo(Status.UP);
    }
}
