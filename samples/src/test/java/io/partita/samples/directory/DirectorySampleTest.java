package io.partita.samples.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Seed 003's directory: the three prefix queries over Country/State/City. */
class DirectorySampleTest {
    private final Partita db = Partita.inMemory();
    private final DirectorySample sample = new DirectorySample(db);

    @BeforeEach
    void load() {
        sample.loadFixtures();
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void eachPrefixNarrowsTheResult() {
        assertThat(sample.inCountry("CoffeeShop", "USA"))
                .extracting(BusinessByLocationView::businessId)
                .containsExactly("b4", "b1", "b3", "b2");
        assertThat(sample.inState("CoffeeShop", "USA", "Washington"))
                .extracting(BusinessByLocationView::businessId)
                .containsExactly("b1", "b3", "b2");
        assertThat(sample.inCity("CoffeeShop", "USA", "Washington", "Seattle"))
                .extracting(BusinessByLocationView::name)
                .containsExactly("Bean There", "Drip Society");
        assertThat(sample.inCountry("CoffeeShop", "Canada"))
                .extracting(BusinessByLocationView::city)
                .containsExactly("Vancouver");
        assertThat(sample.inCity("Bakery", "USA", "Washington", "Seattle")).hasSize(1);
    }
}
