package io.partita.samples.singletable;

import io.partita.Partita;
import io.partita.samples.TextTable;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Seed {@code 004}: a single-table design with one overloaded GSI, an item collection, and a sparse index. */
public final class ShopSample {
    private final Partita db;
    private final UserRepository users;
    private final OrderRepository orders;
    private final ProductRepository products;
    private final ShopTableRepository shop;

    public ShopSample(Partita db) {
        this.db = db;
        this.users = UserRepository.of(db);
        this.orders = OrderRepository.of(db);
        this.products = ProductRepository.of(db);
        this.shop = ShopTableRepository.of(db);
    }

    public OrderRepository orders() {
        return orders;
    }

    public void loadFixtures() {
        db.batchWrite(batch -> batch.put(users, new User("ada", "ada@example.com", "Ada Lovelace"))
                .put(users, new User("bob", "bob@example.com", "Bob Dobbs"))
                .put(orders, new Order("ada", "o-1", Instant.parse("2024-05-02T09:00:00Z"), 4_500))
                .put(orders, new Order("ada", "o-2", null, 12_000))
                .put(orders, new Order("ada", "o-3", Instant.parse("2024-05-01T18:30:00Z"), 990))
                .put(orders, new Order("bob", "o-4", null, 2_500))
                .put(products, new Product("p-1", "books", 3_999, "SICP"))
                .put(products, new Product("p-2", "books", 19_900, "TAOCP vol. 1-4"))
                .put(products, new Product("p-3", "books", 1_250, "The Little Schemer"))
                .put(products, new Product("p-4", "games", 4_900, "Go board")));
    }

    public Optional<User> userByEmail(String email) {
        return users.byEmail(email).first();
    }

    public List<Order> pendingOrders(String userId) {
        return orders.pendingOrders(userId).list();
    }

    public List<Product> booksUnder(long cents) {
        return products.byCategory("books").priceCents().lt(cents).list();
    }

    /** Everything in the user's partition: the profile and the orders, each decoded to its own class. */
    public List<Object> userCollection(String userId) {
        return shop.userCollection(userId).list();
    }

    /** Pays an order: pendingSince becomes null, so the order leaves the sparse GSI1 pattern. */
    public void pay(String userId, String orderId) {
        // pendingSince renders GSI1SK, so it cannot be updated in place: put the whole order.
        orders.get(userId, orderId)
                .ifPresent(o -> orders.put(new Order(o.userId(), o.orderId(), null, o.totalCents())));
    }

    public void run(PrintStream out) {
        out.println("== 6. Single-table shop: users, orders, products in table Shop, GSI1 overloaded (seed 004) ==");
        loadFixtures();
        out.println("users.byEmail(\"bob@example.com\").first()   // GSI1PK = EMAIL#bob@example.com");
        TextTable u = TextTable.of("userId", "email", "name");
        userByEmail("bob@example.com").ifPresent(x -> u.row(x.userId(), x.email(), x.name()));
        u.print(out);
        out.println("orders.pendingOrders(\"ada\").list()   // GSI1PK = PENDING#ada, oldest first; sparse");
        TextTable p = TextTable.of("orderId", "pendingSince", "total");
        pendingOrders("ada").forEach(o -> p.row(o.orderId(), o.pendingSince(), cents(o.totalCents())));
        p.print(out);
        out.println(
                "products.byCategory(\"books\").priceCents().lt(5000).list()   // GSI1PK = CATEGORY#books, by price");
        TextTable b = TextTable.of("productId", "name", "price");
        booksUnder(5_000).forEach(x -> b.row(x.productId(), x.name(), cents(x.priceCents())));
        b.print(out);
        out.println("shop.userCollection(\"ada\").list()   // the item collection PK = USER#ada, every entity type");
        TextTable c = TextTable.of("type", "item");
        userCollection("ada").forEach(x -> c.row(x.getClass().getSimpleName(), describe(x)));
        c.print(out);
        long before = orders.pendingOrders("ada").count();
        pay("ada", "o-3");
        out.printf(
                "ada has %d orders; %d were pending (in GSI1), after paying o-3: %d%n%n",
                orders.query("ada").count(), before, orders.pendingOrders("ada").count());
    }

    private static String describe(Object x) {
        if (x instanceof User u) {
            return u.name() + " <" + u.email() + ">";
        }
        if (x instanceof Order o) {
            return o.orderId() + ", " + cents(o.totalCents()) + (o.pendingSince() == null ? ", paid" : ", pending");
        }
        return String.valueOf(x);
    }

    static String cents(long cents) {
        return String.format("%d.%02d", cents / 100, cents % 100);
    }
}
