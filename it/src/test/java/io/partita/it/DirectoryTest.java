package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.directory.Business;
import seeds.directory.BusinessByLocationView;
import seeds.directory.BusinessRepository;

/** Seed 4: multi-attribute sort key Country/State/City with staged, narrowing queries. */
class DirectoryTest {
    private final Partita db = TestDatabase.open();
    private final BusinessRepository businesses = BusinessRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    private void seed() {
        businesses.put(new Business("b1", "CoffeeShop", "USA", "Washington", "Seattle", "Bean", "1", "Pike St"));
        businesses.put(new Business("b2", "CoffeeShop", "USA", "Washington", "Tacoma", "Brew", "2", "Main St"));
        businesses.put(new Business("b3", "CoffeeShop", "USA", "Oregon", "Portland", "Drip", "3", "Burnside"));
        businesses.put(new Business("b4", "CoffeeShop", "Canada", "BC", "Vancouver", "Maple", "4", "Granville"));
        businesses.put(new Business("b5", "Bakery", "USA", "Washington", "Seattle", "Loaf", "5", "1st Ave"));
    }

    @Test
    void narrowsStepByStep() {
        seed();
        assertThat(businesses.byLocation("CoffeeShop").list()).hasSize(4);
        assertThat(businesses.byLocation("CoffeeShop").country("USA").list())
                .extracting(BusinessByLocationView::name)
                .containsExactlyInAnyOrder("Bean", "Brew", "Drip");
        assertThat(businesses
                        .byLocation("CoffeeShop")
                        .country("USA")
                        .state("Washington")
                        .list())
                .extracting(BusinessByLocationView::city)
                .containsExactly("Seattle", "Tacoma");
        assertThat(businesses
                        .byLocation("CoffeeShop")
                        .country("USA")
                        .state("Washington")
                        .city("Tacoma")
                        .list())
                .extracting(BusinessByLocationView::businessId)
                .containsExactly("b2");
    }

    @Test
    void theLastSuppliedPartTakesARangeCondition() {
        seed();
        assertThat(businesses
                        .byLocation("CoffeeShop")
                        .country("USA")
                        .state()
                        .beginsWith("Wash")
                        .count())
                .isEqualTo(2);
        assertThat(businesses.byLocation("CoffeeShop").country().lt("D").list())
                .extracting(BusinessByLocationView::businessId)
                .containsExactly("b4");
    }

    @Test
    void theViewHoldsOnlyProjectedAttributes() {
        seed();
        BusinessByLocationView v = businesses.byLocation("Bakery").first().orElseThrow();
        assertThat(v)
                .isEqualTo(new BusinessByLocationView("b5", "Bakery", "USA", "Washington", "Seattle", "Loaf", "5"));
        assertThat(BusinessByLocationView.class.getRecordComponents())
                .extracting(c -> c.getName())
                .doesNotContain("address");
    }
}
