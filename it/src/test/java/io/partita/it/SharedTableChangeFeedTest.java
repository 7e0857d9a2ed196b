package io.partita.it;

import static io.partita.it.feed.Feeds.take;
import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Change;
import io.partita.ChangeFeed;
import io.partita.Partita;
import io.partita.it.feed.Inventory;
import io.partita.it.feed.InventoryRepository;
import io.partita.it.feed.Restock;
import io.partita.it.feed.RestockRepository;
import io.partita.it.feed.Stock;
import io.partita.it.feed.StockRepository;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A shared table's feed decodes each change into its entity type by the discriminator: a sealed table interface
 * gives a {@code ChangeFeed<Inventory>} whose values an instanceof chain over the permitted types reads; an
 * entity repository's feed on the same table keeps only its own type's changes.
 */
class SharedTableChangeFeedTest {
    private final Partita db = TestDatabase.open();
    private final InventoryRepository inventory = InventoryRepository.of(db);
    private final StockRepository stock = StockRepository.of(db);
    private final RestockRepository restocks = RestockRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void eachChangeIsDecodedIntoItsEntityType() {
        try (ChangeFeed<Inventory> feed = inventory.changes()) {
            stock.put(new Stock("s1", "apple", 3));
            restocks.put(new Restock("s1", "r1", "apple", 10));
            stock.put(new Stock("s1", "apple", 13));

            List<String> seen = new ArrayList<>();
            for (Change<Inventory> c : take(feed, 3)) {
                Inventory value = c.newValue().orElseThrow();
                if (value instanceof Stock s) {
                    seen.add(c.type() + " stock " + s.sku() + "=" + s.units());
                } else if (value instanceof Restock r) {
                    seen.add(c.type() + " restock " + r.id() + " +" + r.units());
                }
            }
            assertThat(seen).containsExactly("INSERT stock apple=3", "INSERT restock r1 +10", "MODIFY stock apple=13");
        }
    }

    @Test
    void anEntityRepositorysFeedKeepsOnlyItsType() {
        try (ChangeFeed<Restock> feed = restocks.changes()) {
            stock.put(new Stock("s1", "pear", 1));
            restocks.put(new Restock("s1", "r2", "pear", 5));
            Change<Restock> c = take(feed, 1).get(0);
            assertThat(c.newValue()).contains(new Restock("s1", "r2", "pear", 5));
            assertThat(c.key()).isEqualTo(restocks.key("s1", "r2"));
        }
    }
}
