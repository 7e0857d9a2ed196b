package io.partita.server;

import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection that has read nothing for the idle timeout, as Netty's {@code IdleStateHandler} with a reader
 * timeout did (without being a handler of its own: {@link RequestDecoder} tells it of reads). A timer on the
 * connection's event loop wakes when the timeout could first have passed and checks the time of the last read
 * completed; while a read is under way the connection is not idle. Used on the event loop only.
 */
// Netty reports the outcome of close futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class IdleTimeout implements Runnable {
    private final long timeoutNanos;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> check;
    private long lastRead;
    private boolean reading;
    private boolean stopped;

    /** {@code timeoutNanos} 0 or less: never. */
    IdleTimeout(long timeoutNanos) {
        this.timeoutNanos = timeoutNanos;
    }

    /** Starts the timer once the connection is registered and active; later calls do nothing. */
    void start(ChannelHandlerContext ctx) {
        if (timeoutNanos <= 0 || this.ctx != null || stopped) {
            return;
        }
        this.ctx = ctx;
        lastRead = System.nanoTime();
        check = ctx.executor().schedule(this, timeoutNanos, TimeUnit.NANOSECONDS);
    }

    void readStarted() {
        reading = true;
    }

    void readCompleted() {
        if (reading) {
            lastRead = System.nanoTime();
            reading = false;
        }
    }

    /** The connection is gone: the timer stops. */
    void stop() {
        stopped = true;
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }

    @Override
    public void run() {
        if (stopped || !ctx.channel().isOpen()) {
            return;
        }
        long left = reading ? timeoutNanos : timeoutNanos - (System.nanoTime() - lastRead);
        if (left <= 0) {
            check = null;
            ctx.close(); // a client that sends nothing (or too slowly) for the idle timeout loses its connection
        } else {
            check = ctx.executor().schedule(this, left, TimeUnit.NANOSECONDS);
        }
    }
}
