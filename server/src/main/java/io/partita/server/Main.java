package io.partita.server;

import io.netty.util.internal.logging.InternalLoggerFactory;
import io.partita.storage.Storage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code java -jar partita-server.jar [--port 8000] [--bind 127.0.0.1] [--data-dir DIR] [--auth KEY:SECRET]...
 * [--max-request-bytes N] [--idle-timeout-seconds N] [--threads N] [--execution auto|event-loop|executor]
 * [--executor-threads N] [--executor-queue N]}. Stops gracefully on SIGTERM / Ctrl-C.
 */
public final class Main {
    private Main() {}

    /** With {@code --data-dir}: the server's own table facts, beside the core's data ({@link PartitaServer.Options#tableState}). */
    static final String TABLE_STATE_FILE = "partita-server-tables.json";

    /** The JDK's property naming the NIO selector provider, and Linux's default one ({@link #skipNettyProbes}). */
    private static final String SELECTOR_PROVIDER = "java.nio.channels.spi.SelectorProvider";

    private static final String EPOLL_SELECTOR_PROVIDER = "sun.nio.ch.EPollSelectorProvider";

    static final String USAGE = """
            usage: java -jar partita-server.jar [options]
              --port N                  port to listen on (default 8000; 0 picks a free one)
              --bind ADDR               address to bind (default 127.0.0.1; anything else is reachable from other machines)
              --data-dir DIR            durable database in DIR (default: in memory)
              --auth KEY:SECRET         require SigV4 signatures by this access key (repeatable)
              --max-request-bytes N     largest request body accepted (default 16777216)
              --idle-timeout-seconds N  close connections idle this long (default 60)
              --threads N               event-loop threads (default: 2 x processors)
              --execution MODE          where operations run: auto (default: a pool with --data-dir, the
                                        event loops in memory), event-loop, or executor (always the pool)
              --executor-threads N      operation threads of the pool (default: 16, or 2 x processors if more)
              --executor-queue N        operations waiting for a pool thread before requests get
                                        ThrottlingException (default 1024)
            All credentials and regions share one database (DynamoDB Local's -sharedDb).
            Memory: the partita-server launcher runs the JVM with -Xms16m -Xmx512m -XX:+UseSerialGC
            -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 (a heap that shrinks after bursts) and
            -XX:CompileThresholdScaling=2 (fewer compilations during the start); with java -jar, pass those
            yourself (the JVM's own default heap is a quarter of the machine's memory). When the heap
            stays above 90% after collections (-Dpartita.server.heapThreshold=0.9), requests get
            ThrottlingException until it is not.""";

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        skipNettyProbes();
        Arguments parsed = parse(args);
        if (parsed == null) {
            System.out.println(USAGE);
            return;
        }
        PartitaServer.Options options = parsed.options().credentials(parsed.credentials());
        Path dataDir = parsed.dataDir();
        boolean authenticated = !parsed.credentials().isEmpty();
        if (!PartitaServer.isLoopback(options.bind())) {
            System.err.println("partita-server: WARNING: binding to " + options.bind()
                    + ", which is not a loopback address: the database is reachable from other machines"
                    + (authenticated ? "" : " and requests are not authenticated (see --auth)"));
        }
        if (dataDir != null && Main.class.getClassLoader() == null) {
            // RocksDB extracts its native library through its classes' loader; on the boot class path there is none
            failToStart("--data-dir needs the jar on the class path (java -cp partita-server.jar "
                    + "io.partita.server.Main ...), not on the boot class path: RocksDB loads its native library "
                    + "through its class loader, and classes on the boot class path have none");
            return;
        }
        Storage storage;
        try {
            storage = open(dataDir);
        } catch (IllegalStateException e) {
            failToStart(e.getMessage());
            return;
        }
        if (dataDir != null) {
            options = options.tableState(dataDir.resolve(TABLE_STATE_FILE));
        }
        PartitaServer server;
        try {
            server = PartitaServer.start(options, storage);
        } catch (IllegalStateException | IllegalArgumentException | java.io.UncheckedIOException e) {
            storage.close(); // a port in use, a locked directory, a bad -Dpartita.server.* setting
            failToStart(e.getMessage());
            return;
        }
        stopOnShutdown(server);
        System.err.println("partita-server: DynamoDB endpoint " + server.endpoint() + " ("
                + (dataDir == null ? "in memory" : "data in " + dataDir)
                + (authenticated ? ", SigV4 required" : "")
                + ", heap up to " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB"
                + "), ready in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }

    /** The command line: server options (credentials apart), the data directory (null: in memory) and SigV4 keys. */
    private record Arguments(PartitaServer.Options options, Path dataDir, Map<String, String> credentials) {}

    /** Parses the options, or returns null for {@code -h}/{@code --help}; a bad option exits with the usage. */
    private static Arguments parse(String[] args) {
        PartitaServer.Options options = PartitaServer.Options.defaults();
        Path dataDir = null;
        Map<String, String> credentials = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                return null;
            }
            if (i + 1 >= args.length) {
                fail("missing value for " + a);
            }
            String v = args[++i];
            try {
                switch (a) {
                    case "--port" -> options = options.port(Integer.parseInt(v));
                    case "--bind" -> options = options.bind(v);
                    case "--data-dir" -> dataDir = Path.of(v);
                    case "--auth" -> {
                        int colon = v.indexOf(':');
                        if (colon <= 0 || colon == v.length() - 1) {
                            fail("--auth takes KEY:SECRET");
                        }
                        credentials.put(v.substring(0, colon), v.substring(colon + 1));
                    }
                    case "--max-request-bytes" -> options = options.maxRequestBytes(Integer.parseInt(v));
                    case "--idle-timeout-seconds" ->
                        options = options.idleTimeout(Duration.ofSeconds(Long.parseLong(v)));
                    case "--threads" -> options = options.threads(Integer.parseInt(v));
                    case "--execution" ->
                        options = options.execution(options.execution().mode(mode(v)));
                    case "--executor-threads" ->
                        options = options.execution(options.execution().threads(Integer.parseInt(v)));
                    case "--executor-queue" ->
                        options = options.execution(options.execution().queue(Integer.parseInt(v)));
                    default -> fail("unknown option " + a);
                }
            } catch (IllegalArgumentException e) { // NumberFormatException too
                fail(a + ": " + e.getMessage());
            }
        }
        return new Arguments(options, dataDir, credentials);
    }

    /** Closes the server on SIGTERM / Ctrl-C, letting in-flight requests finish. */
    private static void stopOnShutdown(PartitaServer server) {
        Runtime.getRuntime().addShutdownHook(new Thread("partita-server-shutdown") {
            @Override
            public void run() {
                System.err.println("partita-server: stopping (in-flight requests finish first)");
                server.close();
                System.err.println("partita-server: stopped");
            }
        });
    }

    /**
     * Netty's start-up probes whose answers the server does not use, skipped before the first Netty class loads
     * (a {@code -D} on the command line wins): the machine and process ids in channel ids (else the first channel
     * enumerates the network interfaces and starts the JDK's process-handle machinery; the ids only name channels
     * in Netty's own logs), the Linux distribution's classifiers (else {@code PlatformDependent} reads
     * {@code /etc/os-release} through a reader the JDK's archive does not hold; Netty uses them only to pick the
     * native transports' libraries, and the server uses NIO), and the logger (else SLF4J and Log4J are probed for first, and the jar has neither):
     * {@link NettyLog}, standard error without the JDK's logging framework, whose initialisation was a fifth of the
     * start with the class-data archive. And, on Linux, the selector provider: the JDK otherwise asks every module
     * and the jar's 3,600 entries for a {@code SelectorProvider} service before it takes its default, epoll's,
     * which is named here instead (when the JDK has it). And the buffer leak detector's sampling: Netty records the
     * stack of one buffer in 128, about 1% of a get's CPU on the event loop (perf, one connection), a debugging aid
     * that the server's tests keep at Netty's default.
     */
    static void skipNettyProbes() {
        if (System.getProperty("io.netty.machineId") == null) {
            System.setProperty("io.netty.machineId", "00:00:00:00:00:00:00:01");
        }
        if (System.getProperty("io.netty.processId") == null) {
            System.setProperty("io.netty.processId", "1");
        }
        if (System.getProperty("io.netty.osClassifiers") == null) {
            System.setProperty("io.netty.osClassifiers", "");
        }
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            System.setProperty("io.netty.leakDetection.level", "disabled");
        }
        InternalLoggerFactory.setDefaultFactory(NettyLog.INSTANCE);
        if (System.getProperty(SELECTOR_PROVIDER) == null
                && System.getProperty("os.name", "").startsWith("Linux")
                && jdkHas(EPOLL_SELECTOR_PROVIDER)) {
            System.setProperty(SELECTOR_PROVIDER, EPOLL_SELECTOR_PROVIDER);
        }
    }

    /** Whether the JDK has a class (looked up, not initialised), so that naming it cannot fail later. */
    private static boolean jdkHas(String className) {
        try {
            Class.forName(className, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** {@code auto}, {@code event-loop} or {@code executor}, as {@link Execution.Mode}. */
    static Execution.Mode mode(String value) {
        return switch (value) {
            case "auto" -> Execution.Mode.AUTO;
            case "event-loop" -> Execution.Mode.EVENT_LOOP;
            case "executor" -> Execution.Mode.EXECUTOR;
            default ->
                throw new IllegalArgumentException(
                        "--execution takes auto, event-loop or executor, got '" + value + "'");
        };
    }

    /** The store to serve: in memory, or the durable core in {@code dataDir} (created when missing). */
    static Storage open(Path dataDir) {
        return dataDir == null ? Storage.inMemory() : Storage.open(dataDir);
    }

    private static void fail(String message) {
        System.err.println("partita-server: " + message);
        System.err.println(USAGE);
        System.exit(2);
    }

    /** The command line was right but the server could not start (a port in use, a locked data directory): exit 1. */
    private static void failToStart(String message) {
        System.err.println("partita-server: " + message);
        System.exit(1);
    }
}
