package io.partita.samples.orders;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every query of seed 003's Orders table. */
class OrdersSampleTest {
    private final Partita db = Partita.inMemory();
    private final OrdersSample sample = new OrdersSample(db);

    @BeforeEach
    void load() {
        sample.loadFixtures();
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void oneIndexServesByDateDateRangeAndTheIdDateStatusListing() {
        assertThat(sample.ordersOf("c-7"))
                .extracting(OrderCustomerOrdersIndexView::orderId)
                .containsExactly("o-1006", "o-1005", "o-1004", "o-1003", "o-1002", "o-1001");
        assertThat(sample.ordersOf("c-7").get(0).status()).isEqualTo(OrderStatus.PAID);
        assertThat(sample.ordersBetween("c-7", LocalDate.parse("2024-05-01"), LocalDate.parse("2024-05-15")))
                .extracting(OrderCustomerOrdersIndexView::orderId)
                .containsExactly("o-1003", "o-1004");
    }

    @Test
    void projectionsHoldOnlyWhatEachQueryReads() {
        assertThat(OrderCustomerOrdersIndexView.class.getRecordComponents())
                .extracting(c -> c.getName())
                .containsExactlyInAnyOrder("orderId", "customerId", "orderDate", "status");
        assertThat(OrderStatusIndexView.class.getRecordComponents())
                .extracting(c -> c.getName())
                .doesNotContain("total", "shippingAddress");
    }

    @Test
    void compositeStatusOrderDateSortKey() {
        assertThat(sample.pendingOf("c-7"))
                .extracting(OrderCustomerStatusIndexView::orderId)
                .containsExactly("o-1003", "o-1004", "o-1005");
        assertThat(sample.pendingOlderThan("c-7", 5))
                .extracting(OrderCustomerStatusIndexView::orderId)
                .containsExactly("o-1003", "o-1004");
        assertThat(sample.pendingOf("c-9"))
                .extracting(OrderCustomerStatusIndexView::orderId)
                .containsExactly("o-2001");
    }

    @Test
    void theShardedStatusIndexGathersEveryCustomerInDateOrder() {
        assertThat(sample.inStatus(OrderStatus.SHIPPED))
                .extracting(OrderStatusIndexView::orderId)
                .containsExactly("o-1002", "o-2002", "o-3001");
        assertThat(sample.orders().statusIndex(OrderStatus.PENDING).count()).isEqualTo(4);
    }
}
