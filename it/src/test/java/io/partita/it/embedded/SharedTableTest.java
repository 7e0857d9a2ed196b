package io.partita.it.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.ItemsByKey;
import io.partita.Key;
import io.partita.Partita;
import io.partita.it.embedded.shop.LineItem;
import io.partita.it.embedded.shop.Order;
import io.partita.it.embedded.shop.OrderRepository;
import io.partita.it.embedded.shop.OrderStatus;
import io.partita.it.embedded.shop.ShopTableRepository;
import io.partita.it.embedded.shop.User;
import io.partita.it.embedded.shop.UserRepository;
import io.partita.storage.ConditionalCheckFailedException;
import io.partita.storage.Storage;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.ValidationException;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A single-table design: users and orders in table Shop, templates, discriminator, overloaded GSI, versions,
 * transactions, batches; on the processor's real output for the entities of {@code shop}.
 */
class SharedTableTest {
    private Partita db;
    private UserRepository users;
    private OrderRepository orders;
    private ShopTableRepository shop;

    @BeforeEach
    void open() {
        db = Partita.inMemory();
        users = UserRepository.of(db);
        orders = OrderRepository.of(db);
        shop = ShopTableRepository.of(db);
    }

    @AfterEach
    void close() {
        ((Storage) db.backend()).checkInvariants();
        db.close();
    }

    private static Order order(String user, String id, String date, OrderStatus status) {
        return new Order(
                user,
                id,
                LocalDate.parse(date),
                status,
                new BigDecimal("12.5"),
                List.of(new LineItem("sku-1", 2, new BigDecimal("6.25"))),
                Set.of("gift"));
    }

    @Test
    void items_carry_rendered_keys_and_the_discriminator() {
        orders.put(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
        Map<String, AttributeValue> raw = db.backend()
                .getItem(GetItemRequest.builder()
                        .tableName("Shop")
                        .key(Map.of("PK", AttributeValue.s("USER#u1"), "SK", AttributeValue.s("ORDER#2024-05-01#o1")))
                        .build())
                .item();
        assertThat(raw)
                .containsEntry("_type", AttributeValue.s("Order"))
                .containsEntry("GSI1PK", AttributeValue.s("STATUS#PENDING"))
                .containsEntry("GSI1SK", AttributeValue.s("2024-05-01#o1"))
                .containsEntry("orderId", AttributeValue.s("o1"));
        assertThat(orders.get("u1", LocalDate.parse("2024-05-01"), "o1"))
                .contains(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
    }

    @Test
    void item_collection_query_decodes_each_item_to_its_class() {
        users.put(new User("u1", "Ada", "ada@example.com", 0));
        orders.put(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
        orders.put(order("u1", "o2", "2024-05-03", OrderStatus.SHIPPED));
        orders.put(order("u2", "o3", "2024-05-03", OrderStatus.SHIPPED));
        List<Object> collection = shop.userCollection("u1").list();
        assertThat(collection).hasSize(3);
        assertThat(collection.get(0)).isInstanceOf(Order.class);
        assertThat(collection.get(2)).isInstanceOf(User.class).isEqualTo(new User("u1", "Ada", "ada@example.com", 1));
        assertThat(shop.userCollection("u1").count()).isEqualTo(3);
    }

    @Test
    void entity_queries_skip_other_types_in_the_partition() {
        users.put(new User("u1", "Ada", null, 0));
        orders.put(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
        assertThat(orders.query("u1").list()).extracting(Order::orderId).containsExactly("o1");
        assertThat(users.get("u1")).isPresent();
        // a key that holds an item of another type reads as absent
        Key<User> wrong = Key.of(
                "Shop",
                Map.of("PK", AttributeValue.s("USER#u1"), "SK", AttributeValue.s("ORDER#2024-05-01#o1")),
                UserRepository.MAPPING);
        assertThat(users.get(wrong)).isEmpty();
    }

    @Test
    void staged_template_builder_narrows_by_prefix_and_ranges() {
        for (String[] o : new String[][] {
            {"o1", "2024-04-30"}, {"o2", "2024-05-01"}, {"o3", "2024-05-01"}, {"o4", "2024-05-02"}, {"o5", "2024-06-01"}
        }) {
            orders.put(order("u1", o[0], o[1], OrderStatus.PENDING));
        }
        users.put(new User("u1", "Ada", null, 0));
        assertThat(ids(orders.query("u1").list())).containsExactly("o1", "o2", "o3", "o4", "o5");
        assertThat(ids(orders.query("u1")
                        .orderDate(LocalDate.parse("2024-05-01"))
                        .list()))
                .containsExactly("o2", "o3");
        assertThat(ids(orders.query("u1")
                        .orderDate(LocalDate.parse("2024-05-01"))
                        .orderId()
                        .gt("o2")
                        .list()))
                .containsExactly("o3");
        assertThat(ids(orders.query("u1")
                        .orderDate(LocalDate.parse("2024-05-01"))
                        .orderId()
                        .beginsWith("o")
                        .list()))
                .containsExactly("o2", "o3");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .eq(LocalDate.parse("2024-05-01"))
                        .list()))
                .containsExactly("o2", "o3");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .gt(LocalDate.parse("2024-05-01"))
                        .list()))
                .containsExactly("o4", "o5");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .ge(LocalDate.parse("2024-05-01"))
                        .list()))
                .containsExactly("o2", "o3", "o4", "o5");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .lt(LocalDate.parse("2024-05-01"))
                        .list()))
                .containsExactly("o1");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .le(LocalDate.parse("2024-05-01"))
                        .list()))
                .containsExactly("o1", "o2", "o3");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .between(LocalDate.parse("2024-05-01"), LocalDate.parse("2024-05-02"))
                        .list()))
                .containsExactly("o2", "o3", "o4");
        assertThat(ids(orders.query("u1")
                        .orderDate()
                        .ge(LocalDate.parse("2024-05-01"))
                        .descending()
                        .limit(2)
                        .list()))
                .containsExactly("o5", "o4");
        assertThat(orders.query("u1")
                        .orderDate()
                        .lt(LocalDate.parse("2024-05-02"))
                        .count())
                .isEqualTo(3);
    }

    @Test
    void overloaded_gsi_access_patterns() {
        orders.put(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
        orders.put(order("u2", "o2", "2024-05-02", OrderStatus.PENDING));
        orders.put(order("u3", "o3", "2024-05-03", OrderStatus.SHIPPED));
        users.put(new User("u9", "Grace", "grace@example.com", 0));
        assertThat(ids(orders.byStatus(OrderStatus.PENDING).list())).containsExactly("o1", "o2");
        assertThat(ids(orders.byStatus(OrderStatus.PENDING)
                        .orderDate()
                        .ge(LocalDate.parse("2024-05-02"))
                        .list()))
                .containsExactly("o2");
        assertThat(users.byEmail("grace@example.com").first()).map(User::name).contains("Grace");
        assertThat(users.byEmail("nobody@example.com").first()).isEmpty();
    }

    @Test
    void sparse_template_key_leaves_the_user_out_of_gsi1() {
        users.put(new User("u1", "Ada", null, 0));
        Map<String, AttributeValue> raw = db.backend()
                .getItem(GetItemRequest.builder()
                        .tableName("Shop")
                        .key(Map.of("PK", AttributeValue.s("USER#u1"), "SK", AttributeValue.s("PROFILE")))
                        .build())
                .item();
        assertThat(raw).doesNotContainKey("GSI1PK").doesNotContainKey("email");
    }

    @Test
    void updates_cannot_stale_a_computed_key() {
        orders.put(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
        assertThatThrownBy(() -> orders.update("u1", LocalDate.parse("2024-05-01"), "o1")
                        .set(OrderRepository.STATUS, OrderStatus.SHIPPED))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("GSI1PK");
        Order updated = orders.update("u1", LocalDate.parse("2024-05-01"), "o1")
                .add(OrderRepository.TAGS, Set.of("express"))
                .set(OrderRepository.TOTAL, new BigDecimal("20"))
                .execute();
        assertThat(updated.tags()).containsExactlyInAnyOrder("gift", "express");
        assertThat(updated.total()).isEqualByComparingTo("20");
    }

    // ---- @Version ---------------------------------------------------------------------------------------

    @Test
    void versioned_put_checks_and_increments() {
        User v1 = users.put(new User("u1", "Ada", null, 0));
        assertThat(v1.version()).isEqualTo(1);
        assertThatThrownBy(() -> users.put(new User("u1", "Imposter", null, 0)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        User v2 = users.put(new User("u1", "Ada L.", null, 1));
        assertThat(v2.version()).isEqualTo(2);
        assertThatThrownBy(() -> users.put(v1)).isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(users.get("u1")).contains(new User("u1", "Ada L.", null, 2));
    }

    @Test
    void versioned_delete_and_update() {
        User v1 = users.put(new User("u1", "Ada", null, 0));
        User v2 = users.update("u1")
                .set(UserRepository.NAME, "Ada B.")
                .expectVersion(1)
                .execute();
        assertThat(v2).isEqualTo(new User("u1", "Ada B.", null, 2));
        assertThatThrownBy(() -> users.update("u1")
                        .set(UserRepository.NAME, "x")
                        .expectVersion(1)
                        .execute())
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> users.update("u1").set(UserRepository.VERSION, 7L))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> users.delete(v1)).isInstanceOf(ConditionalCheckFailedException.class);
        users.delete(v2);
        assertThat(users.get("u1")).isEmpty();
    }

    // ---- transactions and batches across repositories --------------------------------------------------

    @Test
    void transaction_across_two_repositories_commits_all_or_nothing() {
        users.put(new User("u1", "Ada", null, 0));
        Order o1 = order("u1", "o1", "2024-05-01", OrderStatus.PENDING);
        orders.put(o1);

        db.transact(tx -> tx.put(orders, order("u1", "o2", "2024-05-02", OrderStatus.PENDING))
                .delete(orders.key("u1", LocalDate.parse("2024-05-01"), "o1"))
                .update(users.update("u1").set(UserRepository.NAME, "Ada (2 orders)")));
        assertThat(ids(orders.query("u1").list())).containsExactly("o2");
        assertThat(users.get("u1")).map(User::name).contains("Ada (2 orders)");
        assertThat(users.get("u1")).map(User::version).contains(2L);

        assertThatThrownBy(() -> db.transact(tx -> tx.put(orders, order("u1", "o3", "2024-05-03", OrderStatus.PENDING))
                        .check(users.key("u1"), UserRepository.NAME.eq("Someone else"))))
                .isInstanceOf(TransactionCanceledException.class)
                .satisfies(e -> assertThat(((TransactionCanceledException) e).reasons())
                        .extracting(r -> r.code())
                        .containsExactly("None", "ConditionalCheckFailed"));
        assertThat(ids(orders.query("u1").list())).containsExactly("o2");

        assertThatThrownBy(() -> db.transact(tx -> tx.put(users, new User("u1", "stale", null, 1))))
                .isInstanceOf(TransactionCanceledException.class);
    }

    @Test
    void transact_get_reads_a_consistent_snapshot() {
        users.put(new User("u1", "Ada", null, 0));
        orders.put(order("u1", "o1", "2024-05-01", OrderStatus.PENDING));
        Key<User> u = users.key("u1");
        Key<Order> o = orders.key("u1", LocalDate.parse("2024-05-01"), "o1");
        Key<Order> missing = orders.key("u1", LocalDate.parse("2024-05-09"), "o9");
        ItemsByKey read = db.transactGet(u, o, missing);
        assertThat(read.get(u)).map(User::name).contains("Ada");
        assertThat(read.get(o)).map(Order::orderId).contains("o1");
        assertThat(read.get(missing)).isEmpty();
        assertThat(read.size()).isEqualTo(2);
    }

    @Test
    void batch_write_and_batch_get_across_repositories_beyond_one_request() {
        List<Key<Order>> keys = new ArrayList<>();
        db.batchWrite(batch -> {
            for (int i = 0; i < 130; i++) {
                String id = String.format("o%03d", i);
                batch.put(orders, order("u" + (i % 7), id, "2024-05-01", OrderStatus.PENDING));
                keys.add(orders.key("u" + (i % 7), LocalDate.parse("2024-05-01"), id));
            }
        });
        List<Key<?>> all = new ArrayList<>(keys);
        users.put(new User("u1", "Ada", null, 0));
        all.add(users.key("u1"));
        ItemsByKey read = db.batchGet(all);
        assertThat(read.size()).isEqualTo(131);
        assertThat(read.get(keys.get(42))).map(Order::orderId).contains("o042");
        assertThat(read.get(users.key("u1"))).map(User::name).contains("Ada");

        db.batchWrite(batch -> keys.subList(0, 100).forEach(batch::delete));
        assertThat(db.batchGet(all).size()).isEqualTo(31);
    }

    @Test
    void batch_write_refuses_versioned_entities() {
        assertThatThrownBy(() -> db.batchWrite(batch -> batch.put(users, new User("u1", "Ada", null, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("@Version");
    }

    private static List<String> ids(List<Order> list) {
        return list.stream().map(Order::orderId).toList();
    }
}
