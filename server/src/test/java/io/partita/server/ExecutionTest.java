package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.Durability;
import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Operations off the event loop ({@link Execution}): a write waiting for a slow disk holds no other connection, a
 * full pool answers {@code ThrottlingException} and changes nothing, pipelined requests are answered in order.
 */
class ExecutionTest {
    private static final String TABLE = "{\"TableName\":\"Exec\",\"BillingMode\":\"PAY_PER_REQUEST\","
            + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
            + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}]}";
    static final String THROTTLED = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ThrottlingException\","
            + "\"message\":\"Rate of requests exceeds the allowed throughput.\"}";

    /** Asserts a 200, showing the body of anything else. */
    private static RawHttp.Response ok(RawHttp.Response r) {
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r;
    }

    private static String put(String pk) {
        return "{\"TableName\":\"Exec\",\"Item\":{\"pk\":{\"S\":\"" + pk + "\"}}}";
    }

    private static String get(String pk) {
        return "{\"TableName\":\"Exec\",\"Key\":{\"pk\":{\"S\":\"" + pk + "\"}}}";
    }

    @Test
    void aReaderIsNotHeldUpByAWriterWaitingForASlowFsync() throws Exception {
        Path dir = Files.createTempDirectory("partita-server-slow-fsync");
        SlowFsyncStorage storage =
                new SlowFsyncStorage(Storage.open(dir, DurableOptions.defaults().withDurability(Durability.SYNC)));
        ExecutorService writerThread = Executors.newSingleThreadExecutor();
        // one event loop: were operations run on it, every connection would wait behind the writer's fsync
        try (PartitaServer server = PartitaServer.start(
                        PartitaServer.Options.defaults().port(0).threads(1), storage);
                Socket writer = RawHttp.connect(server);
                Socket reader = RawHttp.connect(server)) {
            ok(RawHttp.call(reader, "CreateTable", TABLE));
            CompletableFuture<RawHttp.Response> put = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return RawHttp.call(writer, "PutItem", put("w0"));
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    },
                    writerThread);
            assertThat(storage.syncing.await(10, TimeUnit.SECONDS)).isTrue(); // the put waits for its sync
            // a read behind the put on the event loop would never be answered: the reader's socket times out
            for (int i = 0; i < 100; i++) {
                assertThat(ok(RawHttp.call(reader, "GetItem", get("w0"))).body())
                        .contains("\"w0\"");
            }
            assertThat(put)
                    .as("the put still waits for its sync after every read was answered")
                    .isNotDone();
            storage.diskCaughtUp();
            ok(put.get(30, TimeUnit.SECONDS));
        } finally {
            storage.diskCaughtUp();
            writerThread.shutdownNow();
        }
    }

    @Test
    void aFullPoolAnswersThrottlingExceptionAndChangesNothing() throws Exception {
        DelayingStorage storage = new DelayingStorage();
        Execution oneAndOne =
                Execution.defaults().mode(Execution.Mode.EXECUTOR).threads(1).queue(1);
        ExecutorService readers = Executors.newCachedThreadPool();
        try (PartitaServer server = PartitaServer.start(
                        PartitaServer.Options.defaults().port(0).execution(oneAndOne), storage);
                Socket running = RawHttp.connect(server);
                Socket second = RawHttp.connect(server);
                Socket third = RawHttp.connect(server)) {
            ok(RawHttp.call(running, "CreateTable", TABLE));
            running.getOutputStream().write(RawHttp.request("PutItem", put("a")));
            assertThat(storage.entered.await(10, TimeUnit.SECONDS)).isTrue(); // the pool's one thread is busy
            second.getOutputStream().write(RawHttp.request("PutItem", put("b")));
            third.getOutputStream().write(RawHttp.request("PutItem", put("c")));
            CompletableFuture<RawHttp.Response> b = answer(second, readers);
            CompletableFuture<RawHttp.Response> c = answer(third, readers);
            // one of the two waits in the queue (so cannot be answered yet), the other finds it full
            RawHttp.Response refused =
                    (RawHttp.Response) CompletableFuture.anyOf(b, c).get(10, TimeUnit.SECONDS);
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.body()).isEqualTo(THROTTLED);
            // told apart before the release: once released, the queued put may be answered too
            boolean bRefused = b.isDone();
            String refusedKey = bRefused ? "b" : "c";
            String queuedKey = bRefused ? "c" : "b";
            CompletableFuture<RawHttp.Response> queued = bRefused ? c : b;
            storage.release.countDown();
            ok(RawHttp.read(running.getInputStream()));
            ok(queued.get(10, TimeUnit.SECONDS));
            // the refused put changed nothing; the queued one was applied
            assertThat(RawHttp.call(running, "GetItem", get(refusedKey)).body()).isEqualTo("{}");
            assertThat(RawHttp.call(running, "GetItem", get(queuedKey)).body()).contains("\"" + queuedKey + "\"");
            assertThat(RawHttp.call(running, "Scan", "{\"TableName\":\"Exec\",\"Select\":\"COUNT\"}")
                            .body())
                    .contains("\"Count\":2");
        } finally {
            storage.release.countDown();
            readers.shutdownNow();
        }
    }

    private static CompletableFuture<RawHttp.Response> answer(Socket socket, ExecutorService on) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return RawHttp.read(socket.getInputStream());
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                },
                on);
    }

    @Test
    void badSettingsAreRefusedWithTheSettingAndTheValue() {
        assertThatThrownBy(() -> Execution.defaults().threads(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("executor threads must be at least 1, got 0");
        assertThatThrownBy(() -> Execution.defaults().queue(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("executor queue must be 0 or more, got -1");
        assertThatThrownBy(() -> Main.mode("pool"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--execution takes auto, event-loop or executor, got 'pool'");
        assertThat(Main.mode("event-loop")).isEqualTo(Execution.Mode.EVENT_LOOP);
        try (Storage memory = Storage.inMemory()) {
            assertThat(Execution.defaults().offloads(memory)).isFalse(); // measured: see the README
            assertThat(Execution.defaults().mode(Execution.Mode.EXECUTOR).offloads(memory))
                    .isTrue();
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderWhenOperationsRunOnThePool() throws Exception {
        Execution pool = Execution.defaults().mode(Execution.Mode.EXECUTOR);
        try (PartitaServer server = PartitaServer.start(
                        PartitaServer.Options.defaults().port(0).execution(pool), Storage.inMemory());
                Socket socket = RawHttp.connect(server)) {
            ok(RawHttp.call(socket, "CreateTable", TABLE));
            java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
            for (int i = 0; i < 20; i++) {
                all.write(RawHttp.request("PutItem", put("p" + i)));
                all.write(RawHttp.request("GetItem", get("p" + i)));
            }
            socket.getOutputStream().write(all.toByteArray()); // one write: the server reads them together
            for (int i = 0; i < 20; i++) {
                assertThat(RawHttp.read(socket.getInputStream()).body()).isEqualTo("{}");
                assertThat(RawHttp.read(socket.getInputStream()).body()).contains("\"p" + i + "\"");
            }
        }
    }
}
