package io.partita.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.nio.NioTask;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * The listener: the JDK's {@link ServerSocketChannel}, registered with the boss event loop's selector, accepts
 * connections; each gets the server's pipeline ({@link ProtocolGuard}, {@link RequestDecoder} with the idle timeout,
 * the shared {@link HttpHandler}), joins the server's connections and is registered with an event loop of the
 * worker group.
 *
 * <p>This is what Netty's {@code ServerBootstrap} does with a {@code NioServerSocketChannel}, its acceptor and a
 * {@code ChannelInitializer}, done by hand: those handlers carry {@code @Skip} methods ({@link InboundHandler} says
 * why that is avoided), and a Netty server channel's configuration reads its default backlog from Netty's
 * {@code NetUtil}, whose initialiser lists the machine's network interfaces on the start path. An accept that fails
 * (file descriptors exhausted) pauses accepting for a second, as Netty's acceptor does, and is logged.
 */
// Netty reports the outcome of register futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class Acceptor implements NioTask<ServerSocketChannel> {
    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(Acceptor.class);

    /** Connections taken per readiness, as many as Netty's acceptor reads at once by default. */
    private static final int ACCEPTS_PER_WAKE_UP = 16;

    private final EventLoop loop;
    private final EventLoopGroup workers;
    private final ChannelGroup connections;
    private final HttpHandler handler;
    private final int maxRequestBytes;
    private final long idleNanos;
    /** A connection the worker group could not take (it is shutting down) is closed at once. */
    private final ChannelFutureListener closeIfNotRegistered;

    Acceptor(
            EventLoop loop,
            EventLoopGroup workers,
            ChannelGroup connections,
            HttpHandler handler,
            int maxRequestBytes,
            long idleNanos) {
        this.loop = loop;
        this.workers = workers;
        this.connections = connections;
        this.handler = handler;
        this.maxRequestBytes = maxRequestBytes;
        this.idleNanos = idleNanos;
        this.closeIfNotRegistered = new ChannelFutureListener() {
            @Override
            public void operationComplete(ChannelFuture f) {
                if (!f.isSuccess()) {
                    connections.remove(f.channel());
                    f.channel().unsafe().closeForcibly();
                    LOG.warn("Failed to register an accepted channel: " + f.channel(), f.cause());
                }
            }
        };
    }

    @Override
    public void channelReady(ServerSocketChannel listener, SelectionKey key) {
        for (int i = 0; i < ACCEPTS_PER_WAKE_UP; i++) {
            SocketChannel socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                pause(key, e);
                return;
            }
            if (socket == null) {
                return;
            }
            serve(socket);
        }
    }

    @Override
    public void channelUnregistered(ServerSocketChannel listener, Throwable cause) {
        if (cause != null) {
            LOG.warn("The listener failed and stopped accepting", cause);
        }
    }

    private void serve(SocketChannel socket) {
        Channel child;
        try {
            child = new NioSocketChannel(socket);
        } catch (RuntimeException e) {
            closeQuietly(socket);
            LOG.warn("Failed to set up an accepted connection: " + socket, e);
            return;
        }
        try {
            child.config().setOption(ChannelOption.TCP_NODELAY, true);
            ChannelPipeline p = child.pipeline();
            p.addLast(new ProtocolGuard());
            p.addLast(new RequestDecoder(maxRequestBytes, idleNanos));
            p.addLast(handler);
            connections.add(child);
            workers.register(child).addListener(closeIfNotRegistered);
        } catch (RuntimeException e) {
            connections.remove(child);
            child.unsafe().closeForcibly();
            LOG.warn("Failed to register an accepted channel: " + child, e);
        }
    }

    /** The accept failed (typically: no file descriptor left); accepting again at once would fail again. */
    private void pause(SelectionKey key, IOException cause) {
        LOG.warn("Failed to accept a connection; accepting again in a second", cause);
        key.interestOps(0);
        loop.schedule(
                new Runnable() {
                    @Override
                    public void run() {
                        if (key.isValid()) {
                            key.interestOps(SelectionKey.OP_ACCEPT);
                        }
                    }
                },
                1,
                TimeUnit.SECONDS);
    }

    private static void closeQuietly(SocketChannel socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.debug("Closing a connection that could not be set up failed", e);
        }
    }
}
