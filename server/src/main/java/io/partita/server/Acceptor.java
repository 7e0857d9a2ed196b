package io.partita.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.util.concurrent.TimeUnit;

/**
 * The listener's handler: each accepted connection gets the server's pipeline ({@link ProtocolGuard},
 * {@link RequestDecoder} with the idle timeout, the shared {@link HttpHandler}), joins the server's connections and is
 * registered with an event loop of the worker group. This is what Netty's {@code ServerBootstrap} does with its
 * acceptor and a {@code ChannelInitializer}, both of which carry {@code @Skip} methods ({@link InboundHandler} says
 * why that is avoided). An accept that fails (file descriptors exhausted) pauses accepting for a second, as Netty's
 * acceptor does, and is logged.
 */
// Netty reports the outcome of register futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class Acceptor extends InboundHandler {
    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(Acceptor.class);

    private final EventLoopGroup workers;
    private final ChannelGroup connections;
    private final HttpHandler handler;
    private final int maxRequestBytes;
    private final long idleNanos;
    /** A connection the worker group could not take (it is shutting down) is closed at once. */
    private final ChannelFutureListener closeIfNotRegistered;

    Acceptor(
            EventLoopGroup workers,
            ChannelGroup connections,
            HttpHandler handler,
            int maxRequestBytes,
            long idleNanos) {
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
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Channel child = (Channel) msg;
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

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ChannelConfig config = ctx.channel().config();
        if (config.isAutoRead()) {
            // the accept failed (typically: no file descriptor left); accepting again at once would fail again
            config.setAutoRead(false);
            ctx.channel()
                    .eventLoop()
                    .schedule(
                            new Runnable() {
                                @Override
                                public void run() {
                                    config.setAutoRead(true);
                                }
                            },
                            1,
                            TimeUnit.SECONDS);
        }
        ctx.fireExceptionCaught(cause);
    }
}
