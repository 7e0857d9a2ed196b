package io.partita.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.SelectStrategyFactory;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.partita.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The DynamoDB-compatible HTTP server over one {@link Storage}: Netty (NIO transport), one aggregated HTTP/1.1
 * request at a time per connection, its operation run on the connection's event loop or on a bounded pool
 * ({@link Options#execution}: the pool for a durable store, so a write waiting for the disk holds no event loop).
 *
 * <pre>{@code
 * try (PartitaServer server = PartitaServer.start(PartitaServer.Options.defaults().port(0), Storage.inMemory())) {
 *     URI endpoint = server.endpoint();   // http://127.0.0.1:<port>
 * }
 * }</pre>
 *
 * Safe by default: binds to 127.0.0.1; a request body larger than {@link Options#maxRequestBytes} is refused
 * from its Content-Length (413) without being read; a connection idle (or trickling) for
 * {@link Options#idleTimeout} is closed; bytes that are not HTTP get a 400 and a close at once; a full operation
 * pool answers {@code ThrottlingException} rather than queueing without bound; {@link #close()} stops accepting, lets in-flight requests finish
 * (up to {@link Options#drainTimeout}), then closes the store.
 */
// Netty reports the outcome of close/shutdown/write futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
public final class PartitaServer implements AutoCloseable {

    /** Server settings; {@link #defaults()} then the withers. */
    public record Options(
            String bind,
            int port,
            int maxRequestBytes,
            Duration idleTimeout,
            Duration drainTimeout,
            Map<String, String> credentials,
            int threads,
            Path tableState,
            Execution execution) {
        /** DynamoDB's own request limit is 16 MB (BatchWriteItem's). */
        public static final int DEFAULT_MAX_REQUEST_BYTES = 16 * 1024 * 1024;

        public static Options defaults() {
            return new Options(
                    "127.0.0.1",
                    8000,
                    DEFAULT_MAX_REQUEST_BYTES,
                    Duration.ofSeconds(60),
                    Duration.ofSeconds(10),
                    Map.of(),
                    0,
                    null,
                    Execution.defaults());
        }

        public Options bind(String bind) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }

        public Options port(int port) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }

        public Options maxRequestBytes(int maxRequestBytes) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }

        public Options idleTimeout(Duration idleTimeout) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }

        public Options drainTimeout(Duration drainTimeout) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }

        /** With credentials, every request must carry a valid SigV4 signature by one of these access keys. */
        public Options credentials(Map<String, String> accessKeyToSecret) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    Map.copyOf(accessKeyToSecret),
                    threads,
                    tableState,
                    execution);
        }

        /**
         * The file where the server keeps what DynamoDB reports of a table beyond the core's schema (creation time,
         * table id, billing mode and throughput, tags, deletion protection), rewritten
         * atomically on every change and read when the server starts, so that they outlive a restart along with a
         * durable core's data; {@code null} (the default) keeps them in memory only. {@code --data-dir DIR} sets
         * it to {@code DIR/partita-server-tables.json}.
         */
        public Options tableState(Path file) {
            return new Options(
                    bind, port, maxRequestBytes, idleTimeout, drainTimeout, credentials, threads, file, execution);
        }

        /**
         * Where operations run: on the event loops or on a bounded pool, its threads and queue ({@link Execution};
         * default {@link Execution#defaults()}: the pool for a durable store, the event loops in memory).
         */
        public Options execution(Execution execution) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }

        /** Event-loop threads; 0 means Netty's default (twice the processors). */
        public Options threads(int threads) {
            return new Options(
                    bind,
                    port,
                    maxRequestBytes,
                    idleTimeout,
                    drainTimeout,
                    credentials,
                    threads,
                    tableState,
                    execution);
        }
    }

    private final Options options;
    private final Storage storage;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    /** Runs operations off the event loops ({@link Execution}); null when they run on them. */
    private final OperationExecutor executor;

    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final AtomicInteger inFlight = new AtomicInteger();
    /** {@link #close()} waits on it for the in-flight requests; the last one to finish while stopping wakes it. */
    private final Object drained = new Object();
    /** Counted down once {@link #close()} has closed the listener (new connections are refused from then on). */
    final CountDownLatch stoppedAccepting = new CountDownLatch(1);

    /** Whether the heap is nearly full of live data: requests are throttled while it is. */
    final HeapPressure heap = HeapPressure.fromSystemProperty();

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(PartitaServer.class);

    private volatile boolean stopping;
    private ServerSocketChannel listener;
    private InetSocketAddress localAddress;
    private boolean closed;

    private PartitaServer(Options options, Storage storage) {
        this.options = options;
        this.storage = storage;
        SelectStrategyFactory spin = SpinningSelect.fromSystemProperty(); // a bad setting fails before any loop
        this.boss = new NioEventLoopGroup(1);
        this.workers = spin == null
                ? new NioEventLoopGroup(options.threads())
                : new NioEventLoopGroup(options.threads(), (Executor) null, SelectorProvider.provider(), spin);
        this.executor = options.execution().offloads(storage) ? new OperationExecutor(options.execution()) : null;
    }

    /** Starts serving {@code storage}; the server owns it from here on and closes it in {@link #close()}. */
    public static PartitaServer start(Options options, Storage storage) throws InterruptedException {
        PartitaServer s = new PartitaServer(options, storage);
        try {
            s.bind();
        } catch (RuntimeException | InterruptedException e) {
            closeQuietly(s.listener);
            s.boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            s.workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            if (s.executor != null) {
                s.executor.shutdown(0);
            }
            throw e;
        }
        return s;
    }

    /** Connections the kernel completes before they are accepted. */
    private static final int BACKLOG = 1024;

    private void bind() throws InterruptedException {
        Dispatcher dispatcher = new Dispatcher(storage, options.tableState());
        SigV4 auth = options.credentials().isEmpty() ? null : new SigV4(options.credentials());
        HttpHandler handler = new HttpHandler(dispatcher, auth, this, executor);
        // the listener set up by hand rather than as Netty's server channel: see Acceptor
        ServerSocketChannel channel = listen();
        listener = channel;
        NioEventLoop loop = (NioEventLoop) boss.next();
        Acceptor acceptor = new Acceptor(
                loop,
                workers,
                connections,
                handler,
                options.maxRequestBytes(),
                TimeUnit.SECONDS.toNanos(Math.max(1, options.idleTimeout().toSeconds())));
        ServerSocketChannel bound = channel;
        // registered from the loop itself, so a failure to register comes back here
        loop.submit(new Runnable() {
                    @Override
                    public void run() {
                        loop.register(bound, SelectionKey.OP_ACCEPT, acceptor);
                    }
                })
                .sync();
        // after the first second, off the start path: the management beans cost class loading
        boss.scheduleAtFixedRate(
                new Runnable() {
                    @Override
                    public void run() {
                        heap.sample();
                    }
                },
                1,
                1,
                TimeUnit.SECONDS);
    }

    /** The listening socket, bound and non-blocking; a port in use or an unknown host is an UncheckedIOException. */
    private ServerSocketChannel listen() {
        String where = options.bind() + ":" + options.port();
        InetSocketAddress address = new InetSocketAddress(options.bind(), options.port());
        if (address.isUnresolved()) {
            throw new UncheckedIOException(
                    "cannot listen on " + where + ": unknown host", new UnknownHostException(options.bind()));
        }
        ServerSocketChannel channel = null;
        try {
            channel = ServerSocketChannel.open();
            channel.configureBlocking(false);
            channel.bind(address, BACKLOG);
            localAddress = (InetSocketAddress) channel.getLocalAddress();
            return channel;
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("cannot listen on " + where + ": " + e.getMessage(), e);
        }
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return localAddress.getPort();
    }

    public java.net.URI endpoint() {
        InetSocketAddress a = localAddress;
        String host = a.getAddress().isAnyLocalAddress()
                ? "127.0.0.1"
                : a.getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return java.net.URI.create("http://" + host + ":" + port());
    }

    /** Whether an address is loopback (the default bind); anything else is reachable from other machines. */
    static boolean isLoopback(String bind) {
        try {
            return InetAddress.getByName(bind).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    void requestStarted() {
        inFlight.incrementAndGet();
    }

    void requestFinished() {
        if (inFlight.decrementAndGet() == 0 && stopping) {
            synchronized (drained) {
                drained.notifyAll();
            }
        }
    }

    boolean isStopping() {
        return stopping;
    }

    /** Requests being processed or answered right now. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Waits until no request is in flight, or the deadline ({@link System#nanoTime()}) passes. */
    private void awaitInFlight(long deadline) {
        synchronized (drained) {
            long left;
            while (inFlight.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(drained, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Graceful stop: no new connections, in-flight requests finish (for up to the drain timeout) and are answered
     * with {@code Connection: close}, then every connection is closed, the event loops stop and the store closes.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopping = true;
        closeQuietly(listener);
        // the listening socket is released when its selector lets go of it: stopping the boss loop (which serves
        // only the listener) makes that certain, so new connections are refused from here on
        boss.shutdownGracefully(0, 0, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        stoppedAccepting.countDown();
        awaitInFlight(System.nanoTime() + options.drainTimeout().toNanos());
        connections.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        if (executor != null) {
            executor.shutdown(1000); // requests still running past the drain timeout are interrupted
        }
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        storage.close();
    }

    private static void closeQuietly(ServerSocketChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("Closing the listener failed", e);
        }
    }
}
