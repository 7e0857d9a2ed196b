package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.singletable.AppTableRepository;
import seeds.singletable.Order;
import seeds.singletable.OrderRepository;
import seeds.singletable.Product;
import seeds.singletable.ProductRepository;
import seeds.singletable.User;
import seeds.singletable.UserRepository;

/** The single-table design: users, orders and products in table App, GSI1 overloaded three ways. */
class SingleTableTest {
    private final Partita db = TestDatabase.open();
    private final UserRepository users = UserRepository.of(db);
    private final OrderRepository orders = OrderRepository.of(db);
    private final ProductRepository products = ProductRepository.of(db);
    private final AppTableRepository app = AppTableRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    private void seed() {
        users.put(new User("u1", "ada@example.com", "Ada"));
        users.put(new User("u2", "bob@example.com", "Bob"));
        orders.put(new Order("u1", "o1", Instant.parse("2024-05-02T00:00:00Z"), 1000));
        orders.put(new Order("u1", "o2", null, 2000));
        orders.put(new Order("u1", "o3", Instant.parse("2024-05-01T00:00:00Z"), 3000));
        products.put(new Product("p1", "books", 1500, "SICP"));
        products.put(new Product("p2", "books", -5, "Refund voucher"));
        products.put(new Product("p3", "books", 250000, "TAOCP"));
        products.put(new Product("p4", "games", 900, "Go"));
    }

    @Test
    void keysAreRenderedFromTemplatesAndItemsCarryTheDiscriminator() {
        seed();
        assertThat(users.get("u1")).contains(new User("u1", "ada@example.com", "Ada"));
        assertThat(orders.get("u1", "o2")).contains(new Order("u1", "o2", null, 2000));
        assertThat(users.get("o1")).isEmpty();
        assertThat(users.mapping().toItem(new User("u9", "e", "n")))
                .containsEntry("PK", io.partita.storage.value.AttributeValue.s("USER#u9"))
                .containsEntry("SK", io.partita.storage.value.AttributeValue.s("PROFILE"))
                .containsEntry("_type", io.partita.storage.value.AttributeValue.s("User"));
    }

    @Test
    void oneOverloadedGsiServesThreeAccessPatterns() {
        seed();
        assertThat(users.byEmail("bob@example.com").list())
                .extracting(User::userId)
                .containsExactly("u2");
        assertThat(orders.pendingOrders("u1").list()).extracting(Order::orderId).containsExactly("o3", "o1");
        assertThat(orders.pendingOrders("u1")
                        .pendingSince()
                        .gt(Instant.parse("2024-05-01T12:00:00Z"))
                        .list())
                .extracting(Order::orderId)
                .containsExactly("o1");
        assertThat(products.byCategory("books").list())
                .extracting(Product::productId)
                .containsExactly("p2", "p1", "p3");
        assertThat(products.byCategory("books").priceCents().between(0L, 2000L).list())
                .extracting(Product::productId)
                .containsExactly("p1");
        assertThat(products.byCategory("books").priceCents().lt(0L).list())
                .extracting(Product::productId)
                .containsExactly("p2");
    }

    @Test
    void theEntityRepositoryQueryKeepsToItsOwnType() {
        seed();
        assertThat(orders.query("u1").list()).extracting(Order::orderId).containsExactly("o1", "o2", "o3");
        assertThat(orders.query("u1").orderId().beginsWith("o").count()).isEqualTo(3);
    }

    @Test
    void itemCollectionReturnsEveryEntityTypeOfThePartition() {
        seed();
        List<Object> collection = app.userCollection("u1").list();
        assertThat(collection).hasSize(4);
        assertThat(collection)
                .filteredOn(User.class::isInstance)
                .containsExactly(new User("u1", "ada@example.com", "Ada"));
        assertThat(collection).filteredOn(Order.class::isInstance).hasSize(3);
        assertThat(app.userCollection("u1").sortKey().beginsWith("ORDER#").count())
                .isEqualTo(3);
        assertThat(app.productCollection("p4").list()).containsExactly(new Product("p4", "games", 900, "Go"));
    }
}
