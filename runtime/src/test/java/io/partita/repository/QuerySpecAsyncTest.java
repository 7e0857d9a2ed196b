package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.generated.QuerySpec;
import io.partita.repository.IndexQueriesTest.ForumThread;
import io.partita.repository.IndexQueriesTest.ThreadRepository;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Storage;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A query spec's asynchronous request path is resolved when an asynchronous terminal first needs it, not when the
 * spec is built: a repository's first blocking query builds the spec, and must not build the database's
 * asynchronous path with it.
 */
class QuerySpecAsyncTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");

    private Partita db;

    @BeforeEach
    void open() {
        db = Partita.inMemory();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private ThreadRepository filled() {
        ThreadRepository threads = new ThreadRepository(db);
        for (int i = 0; i < 5; i++) {
            threads.put(new ForumThread("S3", "Subject " + i, T0.plusSeconds(3600L * i), i, Set.of("tag" + i)));
        }
        return threads;
    }

    @Test
    void blockingQueriesLeaveTheAsyncPathUnresolved() {
        ThreadRepository threads = filled();
        List<ForumThread> blocking = threads.lastPostIndex("S3").list();
        assertThat(blocking).hasSize(5);
        QuerySpec<ForumThread> spec = threads.indexQuery("LastPostIndex");
        assertThat(spec.asyncBackendResolved()).isFalse();

        List<ForumThread> async = threads.lastPostIndex("S3").listAsync().join();
        assertThat(async).isEqualTo(blocking);
        assertThat(spec.asyncBackendResolved()).isTrue();
        assertThat(spec.asyncBackend()).isSameAs(db.asyncRequests());
    }

    @Test
    void anAsyncTerminalFirstResolvesTheDatabasesPath() {
        ThreadRepository threads = filled();
        List<ForumThread> async =
                threads.lastPostIndex("S3").limit(2).listAsync().join();
        assertThat(async).extracting(ForumThread::subject).containsExactly("Subject 0", "Subject 1");
        assertThat(threads.indexQuery("LastPostIndex").asyncBackend()).isSameAs(db.asyncRequests());
    }

    @Test
    void aSpecFromABackendAloneResolvesItsDatabaseOnFirstUse() {
        QuerySpec<ForumThread> spec =
                QuerySpec.of(db.requests(), ThreadRepository.TABLE, null, ThreadRepository.MAPPING, null, false);
        assertThat(spec.asyncBackendResolved()).isFalse();
        assertThat(spec.asyncBackend()).isSameAs(db.asyncRequests());
        assertThat(spec.asyncBackend()).isSameAs(spec.asyncBackend());

        Storage other = Storage.inMemory();
        QuerySpec<ForumThread> foreign =
                QuerySpec.of(other, ThreadRepository.TABLE, null, ThreadRepository.MAPPING, null, false);
        AsyncBackend resolved = foreign.asyncBackend();
        assertThat(resolved).isNotNull().isSameAs(foreign.asyncBackend());
    }

    @Test
    void aGivenAsyncBackendIsKeptAsItIs() {
        AsyncBackend given = AsyncBackend.of(db.requests());
        QuerySpec<ForumThread> spec = QuerySpec.of(
                db.requests(),
                given,
                ThreadRepository.TABLE,
                null,
                ThreadRepository.MAPPING,
                null,
                false,
                db.gatherOptions());
        assertThat(spec.asyncBackendResolved()).isTrue();
        assertThat(spec.asyncBackend()).isSameAs(given);
    }
}
