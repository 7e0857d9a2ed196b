package io.partita.samples.forum;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.storage.api.ItemCollectionMetrics;
import io.partita.storage.api.QueryResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The facts seed 001 states about LastPostIndex, fetches and item collections. */
class ForumSampleTest {
    private final Partita db = Partita.inMemory();
    private final ForumSample sample = new ForumSample(db);

    @BeforeEach
    void load() {
        sample.loadFixtures();
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aTimeWindowComesInLastPostOrderWithTheUnprojectedTags() {
        List<ForumThread> window = sample.window("S3", ForumSample.FROM, ForumSample.TO);
        assertThat(window).extracting(ForumThread::subject).containsExactly("ddd", "bbb", "ccc");
        assertThat(window.get(0).tags()).containsExactly("Buckets", "Versioning");
        assertThat(window.get(0).replies()).isEqualTo(9);
    }

    @Test
    void projectedAttributesCostOnlyTheIndexReadAndTagsAddATableFetchPerItem() {
        QueryResponse projected = sample.rawWindow("S3", "Subject, LastPostDateTime, Replies");
        QueryResponse fetched = sample.rawWindow("S3", "Subject, Tags");
        assertThat(projected.consumedCapacity().table().readCapacityUnits()).isZero();
        assertThat(fetched.items()).hasSize(3);
        assertThat(fetched.consumedCapacity().table().readCapacityUnits()).isEqualTo(3.0); // one ~3 KB item each
        assertThat(fetched.consumedCapacity().total().readCapacityUnits())
                .isGreaterThan(projected.consumedCapacity().total().readCapacityUnits());
    }

    @Test
    void itemCollectionMetricsGrowWithTheForum() {
        ItemCollectionMetrics first =
                sample.putReportingCollectionSize(ForumSample.thread("S3", "x", "2015-04-01T00:00:00Z", 0));
        ItemCollectionMetrics second =
                sample.putReportingCollectionSize(ForumSample.thread("S3", "y", "2015-04-02T00:00:00Z", 0));
        assertThat(first.itemCollectionKey().get("ForumName").asS()).isEqualTo("S3");
        assertThat(second.sizeBytes()).isGreaterThan(first.sizeBytes());
        assertThat(second.sizeEstimateUpperGb()).isLessThanOrEqualTo(10);
    }
}
