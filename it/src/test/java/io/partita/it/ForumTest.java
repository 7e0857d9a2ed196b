package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.forum.Thread;
import seeds.forum.ThreadRepository;

/** Seed 2: forum threads; the LSI query returns whole entities, fetching the unprojected Tags. */
class ForumTest {
    private final Partita db = TestDatabase.open();
    private final ThreadRepository threads = ThreadRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void lsiTimeWindowReturnsEntitiesWithUnprojectedTags() {
        threads.put(new Thread("S3", "a", Instant.parse("2024-05-01T10:00:00Z"), 3, List.of("aws", "s3")));
        threads.put(new Thread("S3", "b", Instant.parse("2024-05-02T10:00:00Z"), 5, List.of("lifecycle")));
        threads.put(new Thread("S3", "c", Instant.parse("2024-05-03T10:00:00Z"), 1, List.of()));
        threads.put(new Thread("EC2", "d", Instant.parse("2024-05-02T10:00:00Z"), 9, List.of("x")));
        List<Thread> window = threads.lastPostIndex("S3")
                .lastPostDateTime()
                .between(Instant.parse("2024-05-01T12:00:00Z"), Instant.parse("2024-05-04T00:00:00Z"))
                .consistentRead()
                .list();
        assertThat(window).extracting(Thread::subject).containsExactly("b", "c");
        assertThat(window.get(0).tags()).containsExactly("lifecycle");
        assertThat(window.get(0).replies()).isEqualTo(5);
        assertThat(threads.lastPostIndex("S3").descending().first())
                .map(Thread::subject)
                .contains("c");
    }

    @Test
    void attributeNamesComeFromAtAttribute() {
        assertThat(ThreadRepository.SCHEMA.attributeNames())
                .containsExactly("ForumName", "Subject", "LastPostDateTime", "Replies", "Tags");
        assertThat(ThreadRepository.TABLE.localSecondaryIndexes())
                .singleElement()
                .satisfies(l -> assertThat(l.sortKey().name()).isEqualTo("LastPostDateTime"));
    }
}
