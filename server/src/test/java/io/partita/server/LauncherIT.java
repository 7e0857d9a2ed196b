package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script, {@code target/partita-server}, run as a user runs it, on the JDK running the tests: the
 * first run writes the class-data archive when it stops, the second maps it (on JDK 25 and later the AOT cache: the
 * first run records, the second assembles the cache beside the server, the third maps it), {@code PARTITA_CDS=off}
 * writes none,
 * a durable start ({@code --data-dir}, RocksDB's native library) prints no JVM warning, the jar is on the boot class
 * path in memory and on the class path with {@code --data-dir} (each with its own archive), {@code Main} refuses
 * {@code --data-dir} from the boot class path, {@code --help} prints the usage. It runs the packaged jar beside it, so it is a failsafe test (after
 * {@code package}). Every wait is bounded: the first answer, the process's exit.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("target", "partita-server");
    /** Generous: a loaded 2-core machine takes seconds to start a JVM and to write an archive. */
    private static final long TIMEOUT_SECONDS = 120;

    private static final Pattern ENDPOINT = Pattern.compile("DynamoDB endpoint (http://[^ ]+) ");

    /** JDK 25 and later: an AOT cache ({@code .aot}, from the first run's {@code .aotconf}) in place of a {@code .jsa}. */
    private static final boolean AOT_CACHE = Runtime.version().feature() >= 25;

    private static final String FIRST_RUN_WRITES = AOT_CACHE ? "aotconf" : "jsa";

    @TempDir
    Path cache;

    @Test
    void firstRunWritesTheArchiveWhenItStopsAndTheSecondMapsIt() throws Exception {
        Launch first = Launch.start(Map.of("PARTITA_CDS_DIR", cache.toString()), "--port", "0");
        first.answersListTables();
        first.stop();
        // JDK 23 and later warn when sun.misc.Unsafe's memory access is used (Netty) unless the launcher allows it
        assertThat(first.output()).noneMatch(line -> line.contains("sun.misc.Unsafe"));
        List<Path> archives = archives(cache);
        assertThat(archives).hasSize(1);
        assertThat(Files.size(archives.get(0))).isPositive();
        if (AOT_CACHE) {
            // the first run recorded; the second assembles the cache beside the server, from the record
            assertThat(archives.get(0).toString()).endsWith("-boot.aotconf");
            Path aot = Path.of(archives.get(0).toString().replaceFirst("conf$", ""));
            try (WatchService watch = cache.getFileSystem().newWatchService()) {
                cache.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
                Launch second = Launch.start(Map.of("PARTITA_CDS_DIR", cache.toString()), "--port", "0");
                second.answersListTables();
                second.stop();
                Path recorded = archives.get(0);
                await(
                        watch,
                        () -> Files.exists(aot) && !Files.exists(recorded),
                        "the cache assembled from " + recorded);
            }
            assertThat(archives(cache)).containsExactly(aot); // the record and the assembly's own file removed
            archives = List.of(aot);
        }

        // -Xlog:class+load names where each class came from: the dynamic archive is the "top" layer
        Launch mapped = Launch.start(
                Map.of("PARTITA_CDS_DIR", cache.toString(), "JAVA_OPTS", "-Xlog:class+load=info"), "--port", "0");
        mapped.answersListTables();
        mapped.stop();
        String source = AOT_CACHE ? "shared objects file" : "shared objects file (top)";
        assertThat(mapped.output()).anyMatch(line -> line.endsWith("io.partita.server.Main source: " + source));
        assertThat(archives(cache)).isEqualTo(archives);
    }

    @Test
    void withCdsOffNoArchiveIsWritten() throws Exception {
        Launch run = Launch.start(Map.of("PARTITA_CDS_DIR", cache.toString(), "PARTITA_CDS", "off"), "--port", "0");
        run.answersListTables();
        run.stop();
        assertThat(archives(cache)).isEmpty();
    }

    @Test
    void aDurableStartWarnsOfNothing() throws Exception {
        // --data-dir loads RocksDB's native library: JDK 22 and later warn unless the launcher enables native access
        Launch run = Launch.start(
                Map.of("PARTITA_CDS_DIR", cache.toString(), "PARTITA_CDS", "off"),
                "--port",
                "0",
                "--data-dir",
                cache.resolve("data").toString());
        run.answersListTables();
        run.stop();
        assertThat(run.output()).noneMatch(line -> line.startsWith("WARNING"));
    }

    @Test
    void inMemoryTheJarIsOnTheBootClassPathAndWithDataDirOnTheClassPathEachWithItsOwnArchive() throws Exception {
        // -Xlog:class+load names where each class came from: a jar's path for the boot class path, file:... for the
        // class path (the class-path loader's code source)
        Map<String, String> env = Map.of("PARTITA_CDS_DIR", cache.toString(), "JAVA_OPTS", "-Xlog:class+load=info");
        String jar =
                LAUNCHER.toAbsolutePath().resolveSibling("partita-server.jar").toString();
        Launch inMemory = Launch.start(env, "--port", "0");
        inMemory.answersListTables();
        inMemory.stop();
        assertThat(inMemory.output()).anyMatch(line -> line.endsWith("io.partita.server.Main source: " + jar));
        Launch durable = Launch.start(
                env, "--port", "0", "--data-dir", cache.resolve("data").toString());
        durable.answersListTables();
        durable.stop();
        assertThat(durable.output()).anyMatch(line -> line.endsWith("io.partita.server.Main source: file:" + jar));
        assertThat(archives(cache))
                .extracting(archive -> archive.getFileName().toString().replaceAll("-[0-9]+-", "-KEY-"))
                .containsExactly(
                        "partita-server-KEY-boot." + FIRST_RUN_WRITES, "partita-server-KEY-cp." + FIRST_RUN_WRITES);
    }

    @Test
    void mainRefusesDataDirFromTheBootClassPath() throws Exception {
        String jar =
                LAUNCHER.toAbsolutePath().resolveSibling("partita-server.jar").toString();
        Launch run = Launch.java(
                "-Xbootclasspath/a:" + jar,
                "io.partita.server.Main",
                "--port",
                "0",
                "--data-dir",
                cache.resolve("data").toString());
        assertThat(run.awaitExit()).isEqualTo(1);
        assertThat(run.output())
                .containsExactly("partita-server: --data-dir needs the jar on the class path (java -cp "
                        + "partita-server.jar io.partita.server.Main ...), not on the boot class path: RocksDB loads its "
                        + "native library through its class loader, and classes on the boot class path have none");
        assertThat(cache.resolve("data")).doesNotExist();
    }

    @Test
    void eventLoopsWithoutTheSpinAnswerAndABadSpinSettingIsOneLine() throws Exception {
        Map<String, String> noSpin = Map.of(
                "PARTITA_CDS_DIR",
                cache.toString(),
                "PARTITA_CDS",
                "off",
                "JAVA_OPTS",
                "-Dpartita.server.selectSpinMicros=0");
        Launch run = Launch.start(noSpin, "--port", "0");
        run.answersListTables();
        run.answersListTables();
        run.stop();
        Launch bad = Launch.start(
                Map.of(
                        "PARTITA_CDS_DIR",
                        cache.toString(),
                        "PARTITA_CDS",
                        "off",
                        "JAVA_OPTS",
                        "-Dpartita.server.selectSpinMicros=-5"),
                "--port",
                "0");
        assertThat(bad.awaitExit()).isEqualTo(1);
        assertThat(bad.output())
                .containsExactly(
                        "partita-server: partita.server.selectSpinMicros is 0 (no spin) to 1000 microseconds, got -5");
    }

    @Test
    void helpPrintsTheUsageAndWritesNoArchive() throws Exception {
        Launch help = Launch.start(Map.of("PARTITA_CDS_DIR", cache.toString()), "--help");
        assertThat(help.awaitExit()).isZero();
        assertThat(help.output()).anyMatch(line -> line.startsWith("usage: java -jar partita-server.jar"));
        assertThat(archives(cache)).isEmpty();
    }

    @Test
    void aPortInUseIsOneLineAndExitCodeOne() throws Exception {
        Launch first = Launch.start(Map.of("PARTITA_CDS_DIR", cache.toString(), "PARTITA_CDS", "off"), "--port", "0");
        URI endpoint = first.endpoint();
        try {
            Launch second = Launch.start(
                    Map.of("PARTITA_CDS_DIR", cache.toString(), "PARTITA_CDS", "off"),
                    "--port",
                    String.valueOf(endpoint.getPort()));
            assertThat(second.awaitExit()).isEqualTo(1);
            assertThat(second.output())
                    .containsExactly("partita-server: cannot listen on 127.0.0.1:" + endpoint.getPort()
                            + ": Address already in use");
        } finally {
            first.stop();
        }
    }

    private static List<Path> archives(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().matches(".*\\.(jsa|aot|aotconf)$"))
                    .sorted()
                    .toList();
        }
    }

    /** Waits (bounded) until {@code done} holds, looking again at each change in the watched directory. */
    private static void await(WatchService watch, BooleanSupplier done, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (!done.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            assertThat(left).as("%s within %d s", what, TIMEOUT_SECONDS).isPositive();
            WatchKey key = watch.poll(left, TimeUnit.NANOSECONDS);
            if (key != null) {
                key.pollEvents();
                key.reset();
            }
        }
    }

    /** One run of the launcher: its output (stdout and stderr, merged) read as it comes, its endpoint once ready. */
    private static final class Launch {
        private final Process process;
        private final List<String> lines = new ArrayList<>();
        private final CompletableFuture<URI> ready = new CompletableFuture<>();
        /** Completed when the output ends (the process has exited): then {@link #lines} holds all of it. */
        private final CompletableFuture<Void> ended = new CompletableFuture<>();

        private Launch(Process process) {
            this.process = process;
        }

        static Launch start(Map<String, String> env, String... args) throws IOException {
            List<String> command = new ArrayList<>(List.of("sh", LAUNCHER.toString()));
            command.addAll(List.of(args));
            return run(command, env);
        }

        /** The JVM running the tests, started directly with these arguments (no launcher). */
        static Launch java(String... args) throws IOException {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(List.of(args));
            return run(command, Map.of());
        }

        private static Launch run(List<String> command, Map<String, String> env) throws IOException {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().remove("JAVA_OPTS");
            builder.environment().remove("PARTITA_JAVA_OPTS");
            builder.environment().remove("PARTITA_CDS");
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            builder.environment().putAll(env);
            Launch launch = new Launch(builder.start());
            Thread reader = new Thread(launch::read, "launcher-output");
            reader.setDaemon(true);
            reader.start();
            return launch;
        }

        private void read() {
            try (BufferedReader in =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    Matcher m = ENDPOINT.matcher(line);
                    if (m.find()) {
                        ready.complete(URI.create(m.group(1)));
                    }
                }
                ready.completeExceptionally(new IllegalStateException(
                        "the launcher ended before it was ready: " + String.join("\n", output())));
            } catch (IOException e) {
                ready.completeExceptionally(new UncheckedIOException(e));
            } finally {
                ended.complete(null);
            }
        }

        /** The endpoint the server printed once ready. */
        URI endpoint() throws Exception {
            return ready.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }

        /** Waits for the ready line, then sends ListTables, as a client would: 200. */
        void answersListTables() throws Exception {
            URI endpoint = endpoint();
            HttpRequest request = HttpRequest.newBuilder(endpoint)
                    .timeout(Duration.ofSeconds(TIMEOUT_SECONDS))
                    .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                    .header("Content-Type", "application/x-amz-json-1.0")
                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .build();
            HttpResponse<String> response =
                    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(response.body()).contains("TableNames");
        }

        /**
         * SIGTERM (the launcher execs the JVM, so the JVM gets it), then waits for the exit. By the process's handle:
         * {@link Process#destroy()} would also close the output, which is still to be read.
         */
        void stop() throws Exception {
            process.toHandle().destroy();
            awaitExit();
            assertThat(output()).anyMatch(line -> line.equals("partita-server: stopped"));
        }

        int awaitExit() throws Exception {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the launcher did not exit within " + TIMEOUT_SECONDS + " s: " + output());
            }
            ended.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return process.exitValue();
        }

        /** The lines read so far (all of them after {@link #awaitExit()}). */
        List<String> output() {
            synchronized (lines) {
                return List.copyOf(lines);
            }
        }
    }
}
