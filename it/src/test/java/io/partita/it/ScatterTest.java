package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Cursor;
import io.partita.Page;
import io.partita.Partita;
import io.partita.generated.Shards;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.adclicks.AdClick;
import seeds.adclicks.AdClickRepository;
import seeds.orders.Order;
import seeds.orders.OrderRepository;
import seeds.orders.OrderStatus;
import seeds.singletable.Ticket;
import seeds.singletable.TicketRepository;
import seeds.singletable.User;
import seeds.singletable.UserRepository;

/** The three scatter layouts of the generated repositories, written and gathered on the embedded core. */
class ScatterTest {
    private final Partita db = Partita.inMemory();

    @AfterEach
    void close() {
        db.close();
    }

    private Map<String, AttributeValue> item(String table, String pk, String value) {
        return db.backend()
                .getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(Map.of(pk, AttributeValue.s(value)))
                        .build())
                .item();
    }

    @Test
    void attributeKeyGetsAShardPartOfAMultiAttributePartitionKey() {
        OrderRepository orders = OrderRepository.of(db);
        assertThat(orders.tableDefinition().globalSecondaryIndexes().stream()
                        .filter(g -> g.name().equals("StatusIndex"))
                        .findFirst()
                        .orElseThrow()
                        .partitionKey())
                .extracting(k -> k.name())
                .containsExactly("Status", "StatusIndex_shard");
        for (int i = 0; i < 60; i++) {
            orders.put(new Order(
                    "o" + i,
                    "c" + (i % 3),
                    LocalDate.of(2024, 1, 1).plusDays(i),
                    i % 2 == 0 ? OrderStatus.PAID : OrderStatus.SHIPPED,
                    null,
                    BigDecimal.TEN));
        }
        // the stored item keeps Status as it is and carries the shard of its order id
        Map<String, AttributeValue> o7 = item("Orders", "OrderId", "o7");
        assertThat(o7.get("Status")).isEqualTo(AttributeValue.s("SHIPPED"));
        assertThat(o7.get("StatusIndex_shard")).isEqualTo(AttributeValue.n(Shards.of("o7", 10)));

        List<Order> paid = orders.statusIndex(OrderStatus.PAID).list();
        assertThat(paid).hasSize(30).extracting(Order::orderDate).isSorted();
        assertThat(orders.statusIndex(OrderStatus.PAID).descending().limit(3).list())
                .extracting(Order::orderId)
                .containsExactly("o58", "o56", "o54");
        assertThat(orders.statusIndex(OrderStatus.SHIPPED)
                        .orderDate()
                        .lt(LocalDate.of(2024, 1, 10))
                        .count())
                .isEqualTo(4);

        List<String> paged = new ArrayList<>();
        Cursor cursor = null;
        do {
            Page<Order> page = orders.statusIndex(OrderStatus.SHIPPED).limit(7).page(cursor);
            page.items().forEach(o -> paged.add(o.orderId()));
            cursor = page.next().map(c -> Cursor.parse(c.toString())).orElse(null);
        } while (cursor != null);
        assertThat(paged)
                .containsExactlyElementsOf(IntStream.range(0, 60)
                        .filter(i -> i % 2 == 1)
                        .mapToObj(i -> "o" + i)
                        .toList());
    }

    @Test
    void sortKeyOnlyIndexGetsADedicatedShardAttribute() {
        AdClickRepository clicks = AdClickRepository.of(db);
        Instant m0 = Instant.parse("2015-06-15T10:00:00Z");
        for (int r = 0; r < 40; r++) {
            for (int m = 0; m < 5; m++) {
                clicks.put(new AdClick("site" + r + ".example", m0.plusSeconds(60L * m), r, m, 0));
            }
        }
        assertThat(clicks.eventTimeIndex().eventTime().ge(m0.plusSeconds(180)).count())
                .isEqualTo(80);
        List<AdClick> latest = clicks.eventTimeIndex().descending().limit(5).list();
        assertThat(latest).allMatch(c -> c.eventTime().equals(m0.plusSeconds(240)));
        // ties on eventTime come in table-key order (referrer), reversed for descending
        assertThat(latest).extracting(AdClick::referrer).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void overloadedTemplateKeyGetsAShardSuffixPerEntity() {
        TicketRepository tickets = TicketRepository.of(db);
        UserRepository users = UserRepository.of(db);
        Instant t0 = Instant.parse("2024-05-01T00:00:00Z");
        for (int i = 0; i < 40; i++) {
            tickets.put(new Ticket("t" + i, i % 4 == 0 ? "CLOSED" : "OPEN", t0.plusSeconds(i), "subject " + i));
        }
        users.put(new User("u1", "ada@example.com", "Ada"));
        assertThat(db.backend()
                        .getItem(GetItemRequest.builder()
                                .tableName("App")
                                .key(Map.of("PK", AttributeValue.s("TICKET#t5"), "SK", AttributeValue.s("TICKET")))
                                .build())
                        .item()
                        .get("GSI1PK"))
                .isEqualTo(AttributeValue.s("STATUS#OPEN#" + Shards.of("t5", 8)));
        // other entities of GSI1 are not sharded
        assertThat(users.byEmail("ada@example.com").list())
                .extracting(User::userId)
                .containsExactly("u1");

        List<Ticket> open = tickets.byStatus("OPEN").list();
        assertThat(open).hasSize(30).extracting(Ticket::openedAt).isSorted();
        assertThat(tickets.byStatus("CLOSED").descending().limit(2).list())
                .extracting(Ticket::ticketId)
                .containsExactly("t36", "t32");
        assertThat(tickets.byStatus("OPEN").openedAt().ge(t0.plusSeconds(30)).count())
                .isEqualTo(8); // 30..39 but 32 and 36
    }
}
