package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.library.Holding;
import seeds.library.HoldingRepository;

/**
 * Multi-attribute partition keys given in named stages: each part lands in its own attribute, the sort key and the
 * terminals follow the last part, and a scattered index gathers its shards behind the same stages.
 */
class LibraryTest {
    private final Partita db = TestDatabase.open();
    private final HoldingRepository holdings = HoldingRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    private void seed() {
        holdings.put(new Holding("h1", "Central", "SF", "A1", 1965, "Dune"));
        holdings.put(new Holding("h2", "Central", "SF", "A1", 2011, "Leviathan Wakes"));
        holdings.put(new Holding("h3", "Central", "SF", "A2", 1984, "Neuromancer"));
        holdings.put(new Holding("h4", "Central", "Crime", "B1", 1930, "The Maltese Falcon"));
        holdings.put(new Holding("h5", "SF", "Central", "A1", 2020, "A branch called SF")); // the parts swapped
    }

    @Test
    void thePartsNameTheirAttributes() {
        seed();
        List<String> sf = holdings.byBranchGenre().branch("Central").genre("SF").descending().list().stream()
                .map(Holding::title)
                .toList();
        assertThat(sf).containsExactly("Leviathan Wakes", "Neuromancer", "Dune");
        assertThat(holdings.byBranchGenre()
                        .branch("SF")
                        .genre("Central")
                        .first()
                        .map(Holding::holdingId))
                .contains("h5");
    }

    @Test
    void theSortKeyAndTerminalsFollowTheLastPart() {
        seed();
        assertThat(holdings.byBranchGenre()
                        .branch("Central")
                        .genre("SF")
                        .year()
                        .ge(1980)
                        .count())
                .isEqualTo(2);
        assertThat(holdings.byBranchGenre()
                        .branch("Central")
                        .genre("SF")
                        .year(1965)
                        .list())
                .extracting(Holding::title)
                .containsExactly("Dune");
    }

    @Test
    void aScatteredMultiAttributePartitionGathersItsShards() {
        seed();
        assertThat(holdings.byShelf().branch("Central").shelf("A1").list())
                .extracting(Holding::title)
                .containsExactly("Dune", "Leviathan Wakes");
        assertThat(holdings.byShelf()
                        .branch("Central")
                        .shelf("A1")
                        .title()
                        .beginsWith("L")
                        .count())
                .isEqualTo(1);
    }
}
