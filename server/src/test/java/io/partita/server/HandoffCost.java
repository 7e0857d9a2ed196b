package io.partita.server;

import io.partita.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What running in-memory operations on the pool instead of the event loop costs ({@link Execution.Mode#AUTO}'s
 * choice): two in-memory servers, one per mode, take the same GetItem/PutItem alternation over raw keep-alive
 * connections, in alternating rounds; prints requests per second and the pool's ratio to the event loop's. Not a
 * JUnit test: {@code java -cp server/target/test-classes:server/target/classes:<the server's test dependencies>
 * io.partita.server.HandoffCost [rounds]} (the README gives the numbers).
 */
public final class HandoffCost {
    private static final String TABLE = "{\"TableName\":\"Cost\",\"BillingMode\":\"PAY_PER_REQUEST\","
            + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
            + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}]}";
    private static final String PUT =
            "{\"TableName\":\"Cost\",\"Item\":{\"pk\":{\"S\":\"a\"},\"v\":{\"S\":\"xxxxxxxxxxxxxxxx\"}}}";
    private static final String GET = "{\"TableName\":\"Cost\",\"Key\":{\"pk\":{\"S\":\"a\"}}}";

    private HandoffCost() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        ExecutorService clients = Executors.newCachedThreadPool();
        try (PartitaServer loop = start(Execution.Mode.EVENT_LOOP);
                PartitaServer pool = start(Execution.Mode.EXECUTOR)) {
            for (PartitaServer s : List.of(loop, pool)) {
                try (Socket k = RawHttp.connect(s)) {
                    RawHttp.call(k, "CreateTable", TABLE);
                }
                run(s, 4, 3000, clients); // warm-up
            }
            for (int connections : new int[] {1, 8}) {
                for (int round = 0; round < rounds; round++) {
                    double a = run(loop, connections, 8000 / connections, clients);
                    double b = run(pool, connections, 8000 / connections, clients);
                    System.out.printf(
                            "%d connection(s), round %d: event loop %.0f req/s, pool %.0f req/s, ratio %.3f%n",
                            connections, round, a, b, b / a);
                }
            }
        } finally {
            clients.shutdownNow();
        }
    }

    private static PartitaServer start(Execution.Mode mode) throws InterruptedException {
        return PartitaServer.start(
                PartitaServer.Options.defaults()
                        .port(0)
                        .execution(Execution.defaults().mode(mode)),
                Storage.inMemory());
    }

    /** Requests per second of {@code connections} clients, each sending {@code each} requests one after another. */
    private static double run(PartitaServer s, int connections, int each, ExecutorService clients) {
        List<CompletableFuture<Void>> done = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int c = 0; c < connections; c++) {
            done.add(CompletableFuture.runAsync(
                    () -> {
                        try (Socket k = RawHttp.connect(s)) {
                            for (int i = 0; i < each; i++) {
                                boolean get = (i & 1) == 0;
                                RawHttp.call(k, get ? "GetItem" : "PutItem", get ? GET : PUT);
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    clients));
        }
        CompletableFuture.allOf(done.toArray(new CompletableFuture<?>[0])).join();
        return connections * each / ((System.nanoTime() - t0) / 1e9);
    }
}
