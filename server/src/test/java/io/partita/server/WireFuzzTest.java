package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A seeded wire fuzz test (issue 33), against an in-memory and a durable server: mutations of a valid request of
 * every operation and raw bytes ({@link FuzzRequests}), for {@code -Dpartita.fuzz.seconds} (default 20) per server.
 * After every request: no 5xx, the answer is one JSON object and, when an error, has a DynamoDB {@code __type}; after
 * every refused write, a full scan of every table has the checksum it had before. Throughout, a probe connection
 * issues ListTables: neither it nor any fuzz request may wait longer than {@code -Dpartita.fuzz.maxLatencyMillis}
 * (default 10,000: a loaded CI machine; a request is normally answered in milliseconds). The seed is printed;
 * {@code -Dpartita.fuzz.seed=N} replays a run. {@code -Dpartita.fuzz.port=P} fuzzes a server already running on
 * 127.0.0.1:P instead (each mode's run then goes to it: how server/README.md's footprint was measured).
 */
class WireFuzzTest {
    private static final long SECONDS = Long.getLong("partita.fuzz.seconds", 20);
    private static final long MAX_LATENCY_MILLIS = Long.getLong("partita.fuzz.maxLatencyMillis", 10_000);
    private static final Integer EXTERNAL_PORT = Integer.getInteger("partita.fuzz.port");

    @ParameterizedTest
    @EnumSource(ServerUnderTest.Mode.class)
    void malformedRequestsAreRefusedWithoutChangingData(ServerUnderTest.Mode mode) throws Exception {
        long seed = Long.getLong("partita.fuzz.seed", System.nanoTime());
        System.out.println(
                "WireFuzzTest[" + mode + "]: seed " + seed + " (-Dpartita.fuzz.seed=" + seed + " replays it)");
        try (ServerUnderTest s = EXTERNAL_PORT == null ? ServerUnderTest.start(mode) : null) {
            Summary summary = run(s == null ? EXTERNAL_PORT : s.server.port(), seed);
            System.out.println(summary.line(mode, seed));
            assertThat(summary.failures).as("invariant violations (first ones)").isEmpty();
            assertThat(summary.serverErrors).as("5xx answers").isZero();
            assertThat(summary.dataChanges)
                    .as("refused requests that changed data")
                    .isZero();
            assertThat(summary.worstMillis).as("slowest fuzz answer, ms").isLessThan(MAX_LATENCY_MILLIS);
            assertThat(summary.probeWorstMillis).as("slowest probe answer, ms").isLessThan(MAX_LATENCY_MILLIS);
            assertThat(summary.probeRequests).as("probe ListTables answered").isPositive();
        }
    }

    /** What a run saw. */
    static final class Summary {
        long requests;
        long refused;
        long serverErrors;
        long dataChanges;
        long worstMillis;
        String worstOperation = "-";
        long probeRequests;
        long probeWorstMillis;
        final List<String> failures = new ArrayList<>();

        void fail(String why) {
            if (failures.size() < 10) {
                failures.add(why);
            }
        }

        String line(ServerUnderTest.Mode mode, long seed) {
            return String.format(
                    "WireFuzzTest[%s] summary: requests=%d (refused %d) seed=%d 5xx=%d dataChanges=%d "
                            + "worstLatencyMs=%d (%s) probe: requests=%d worstLatencyMs=%d",
                    mode,
                    requests,
                    refused,
                    seed,
                    serverErrors,
                    dataChanges,
                    worstMillis,
                    worstOperation,
                    probeRequests,
                    probeWorstMillis);
        }
    }

    private static Summary run(int port, long seed) throws Exception {
        Summary summary = new Summary();
        try (Connection c = new Connection(port)) {
            c.call("DeleteTable", "{\"TableName\":\"" + FuzzRequests.TABLE + "\"}"); // from an earlier run on it
            c.call("DeleteTable", "{\"TableName\":\"" + FuzzRequests.SCRATCH + "\"}");
            assertThat(c.call("CreateTable", FuzzRequests.createTable()).status())
                    .isEqualTo(200);
            for (int i = 0; i < 40; i++) {
                assertThat(c.call("PutItem", FuzzRequests.putItem(i)).status()).isEqualTo(200);
            }
            String arn = c.call("DescribeTable", "{\"TableName\":\"" + FuzzRequests.TABLE + "\"}")
                    .body()
                    .replaceAll("(?s).*\"TableArn\":\"([^\"]+)\".*", "$1");
            FuzzRequests requests = new FuzzRequests(new Random(seed), FuzzRequests.templates(arn));
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicLong probeCount = new AtomicLong();
            AtomicLong probeWorst = new AtomicLong();
            CompletableFuture<Void> probe =
                    CompletableFuture.runAsync(() -> probe(port, running, probeCount, probeWorst));
            try {
                long checksum = checksum(c);
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
                while (System.nanoTime() < end && !probe.isDone()) {
                    checksum = one(c, requests.next(), checksum, summary);
                }
            } finally {
                running.set(false);
            }
            probe.get(MAX_LATENCY_MILLIS * 2, TimeUnit.MILLISECONDS);
            summary.probeRequests = probeCount.get();
            summary.probeWorstMillis = probeWorst.get();
        }
        return summary;
    }

    /** Sends one fuzz request and checks the invariants; the tables' checksum after it. */
    private static long one(Connection c, FuzzRequests.Request r, long checksum, Summary summary) throws IOException {
        long t0 = System.nanoTime();
        RawHttp.Response answer = c.callBytes(r.operation(), r.body());
        long millis = (System.nanoTime() - t0) / 1_000_000;
        summary.requests++;
        if (millis > summary.worstMillis) {
            summary.worstMillis = millis;
            summary.worstOperation = r.operation();
        }
        if (answer == null) {
            summary.fail(r.operation() + ": the connection closed without an answer");
            return checksum;
        }
        boolean error = answer.status() != 200;
        if (answer.status() >= 500) {
            summary.serverErrors++;
            summary.fail(r.operation() + ": " + answer.status() + " " + answer.body());
        }
        String bad = FuzzJson.checkAnswer(answer.body(), error);
        if (bad != null) {
            summary.fail(r.operation() + ": " + bad + ": " + cut(answer.body()));
        }
        if (!r.writes()) {
            return checksum;
        }
        long after = checksum(c);
        if (error) {
            summary.refused++;
            if (after != checksum) {
                summary.dataChanges++;
                summary.fail(r.operation() + " was refused (" + cut(answer.body()) + ") but changed data");
            }
        }
        return after;
    }

    /** A CRC of every table's full scan, tables in name order. */
    private static long checksum(Connection c) throws IOException {
        String tables = c.call("ListTables", "{}").body();
        TreeMap<String, String> pages = new TreeMap<>();
        String names = tables.replaceAll("(?s).*\"TableNames\":\\[(.*?)].*", "$1");
        for (String name : names.split(",", -1)) {
            String table = name.replace("\"", "");
            if (table.isEmpty()) {
                continue;
            }
            StringBuilder all = new StringBuilder();
            String start = "";
            while (true) {
                String body = c.call("Scan", "{\"TableName\":\"" + table + "\",\"ConsistentRead\":true" + start + "}")
                        .body();
                all.append(body);
                int last = body.indexOf("\"LastEvaluatedKey\":");
                if (last < 0) {
                    break;
                }
                start = ",\"ExclusiveStartKey\":" + body.substring(last + 19, body.length() - 1);
            }
            pages.put(table, all.toString());
        }
        CRC32 crc = new CRC32();
        pages.forEach((t, body) -> crc.update((t + body).getBytes(StandardCharsets.UTF_8)));
        return crc.getValue();
    }

    /** ListTables on a connection of its own, each answer timed, until {@code running} ends. */
    private static void probe(int port, AtomicBoolean running, AtomicLong count, AtomicLong worst) {
        try (Connection c = new Connection(port)) {
            while (running.get()) {
                long t0 = System.nanoTime();
                RawHttp.Response r = c.call("ListTables", "{}");
                worst.accumulateAndGet((System.nanoTime() - t0) / 1_000_000, Math::max);
                if (r == null || r.status() != 200) {
                    throw new IllegalStateException("probe ListTables answered " + (r == null ? "nothing" : r.body()));
                }
                count.incrementAndGet();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String cut(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }

    /** A keep-alive connection, opened again after the server closes it. */
    private static final class Connection implements AutoCloseable {
        private final int port;
        private Socket socket;

        Connection(int port) {
            this.port = port;
        }

        RawHttp.Response call(String operation, String json) throws IOException {
            return callBytes(operation, json.getBytes(StandardCharsets.UTF_8));
        }

        /** The answer, or null when the server closed the connection without one. */
        RawHttp.Response callBytes(String operation, byte[] body) throws IOException {
            if (socket == null) {
                socket = new Socket(InetAddress.getLoopbackAddress(), port);
                socket.setSoTimeout((int) MAX_LATENCY_MILLIS * 3);
            }
            try {
                OutputStream out = socket.getOutputStream();
                out.write(RawHttp.request(operation, body));
                out.flush();
                InputStream in = socket.getInputStream();
                RawHttp.Response r = RawHttp.read(in);
                if ("close".equalsIgnoreCase(r.header("connection"))) {
                    close();
                }
                return r;
            } catch (SocketException | java.io.EOFException closed) {
                close();
                return null;
            } catch (IOException e) {
                close();
                if (e.getMessage() != null && e.getMessage().startsWith("connection closed")) {
                    return null;
                }
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            if (socket != null) {
                socket.close();
                socket = null;
            }
        }
    }
}
