package io.partita.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.partita.Partita;
import io.partita.storage.Storage;
import io.partita.storage.api.ScanRequest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

class PartitaExtensionTest {

    @Test
    void everyTestGetsAFreshDatabaseAndItsRepositories() {
        EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(TwoTestsWritingTheSameKey.class))
                .execute()
                .testEvents()
                .assertStatistics(stats -> stats.started(2).succeeded(2));
    }

    @Test
    void aRepositoryWithoutAFactoryIsNotResolved() {
        EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(AsksForAString.class))
                .execute()
                .testEvents()
                .assertStatistics(stats -> stats.started(1).failed(1));
    }

    @Test
    void asyncPropagationIsConfigurable() {
        EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(StaleIndexReads.class))
                .execute()
                .testEvents()
                .assertStatistics(stats -> stats.started(1).succeeded(1));
    }

    /** Both tests write the same key and expect to be alone: they pass only with one database each. */
    @PartitaTest
    static class TwoTestsWritingTheSameKey {
        @Test
        void first(NoteRepository notes, Storage storage, Partita db) {
            assertThat(storage.scan(ScanRequest.builder().tableName("Notes").build())
                            .items())
                    .isEmpty();
            notes.put(new Note("ada", "n1", "math", "first"));
            assertThat(NoteRepository.of(db).get("ada", "n1")).isPresent();
        }

        @Test
        void second(NoteRepository notes, Storage storage) {
            assertThat(storage.scan(ScanRequest.builder().tableName("Notes").build())
                            .items())
                    .isEmpty();
            notes.put(new Note("ada", "n1", "math", "second"));
            assertThat(notes.byTopic("math").list()).extracting(Note::text).containsExactly("second");
        }
    }

    @PartitaTest
    static class AsksForAString {
        @Test
        void unresolvable(String notARepository) {
            // never runs: JUnit cannot resolve the parameter
        }
    }

    @PartitaTest(gsiPropagationDelayMillis = 60_000)
    static class StaleIndexReads {
        @Test
        void theIndexLagsTheTable(NoteRepository notes) {
            notes.put(new Note("ada", "n1", "math", "text"));
            assertThat(notes.get("ada", "n1")).isPresent();
            assertThat(notes.byTopic("math").list()).isEmpty();
        }
    }

    @Nested
    @PartitaTest
    class NestedClassesShareTheSetting {
        @Test
        void resolves(NoteRepository notes) {
            notes.put(new Note("bo", "n2", "art", "x"));
            assertThat(notes.get("bo", "n2")).map(Note::topic).contains("art");
        }
    }
}
