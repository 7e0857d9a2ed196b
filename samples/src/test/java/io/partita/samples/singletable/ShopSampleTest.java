package io.partita.samples.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Seed 004: one overloaded GSI, an item collection, the sparse pending-orders pattern. */
class ShopSampleTest {
    private final Partita db = Partita.inMemory();
    private final ShopSample sample = new ShopSample(db);

    @BeforeEach
    void load() {
        sample.loadFixtures();
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void oneGsiServesThreeAccessPatterns() {
        assertThat(sample.userByEmail("ada@example.com")).map(User::userId).contains("ada");
        assertThat(sample.userByEmail("nobody@example.com")).isEmpty();
        assertThat(sample.pendingOrders("ada")).extracting(Order::orderId).containsExactly("o-3", "o-1");
        assertThat(sample.booksUnder(5_000)).extracting(Product::productId).containsExactly("p-3", "p-1");
    }

    @Test
    void theUsersItemCollectionHoldsTheProfileAndEveryOrder() {
        assertThat(sample.userCollection("ada"))
                .hasSize(4)
                .hasOnlyElementsOfTypes(User.class, Order.class)
                .filteredOn(Order.class::isInstance)
                .hasSize(3);
    }

    @Test
    void paidOrdersLeaveTheSparseIndex() {
        assertThat(sample.pendingOrders("bob")).isEmpty();
        sample.pay("ada", "o-3");
        assertThat(sample.pendingOrders("ada")).extracting(Order::orderId).containsExactly("o-1");
        assertThat(sample.orders().query("ada").count()).isEqualTo(3);
    }
}
