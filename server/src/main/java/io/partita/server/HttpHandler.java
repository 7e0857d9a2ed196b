package io.partita.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.AttributeKey;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.zip.CRC32;

/**
 * One DynamoDB JSON 1.0 request per {@link Request} ({@link RequestDecoder}): {@code POST /} with {@code X-Amz-Target}. The
 * operation runs on the connection's event loop, or on the bounded {@link OperationExecutor} ({@link Execution}):
 * then the connection reads nothing more until it is answered, a request that finds the pool full is answered
 * with {@code ThrottlingException}, and pipelined requests are answered in order. The
 * response carries {@code x-amzn-RequestId} and {@code x-amz-crc32} (CRC32 of the body, which the SDKs check).
 * {@code GET /} answers a health check, as DynamoDB's endpoint does.
 */
@ChannelHandler.Sharable
// Netty reports the outcome of close/shutdown/write futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class HttpHandler extends InboundHandler {
    private static final String TARGET = "x-amz-target";
    private static final String CONTENT_TYPE = "content-type";
    private static final byte[] JSON_10 = ContentTypes.JSON_10.getBytes(StandardCharsets.US_ASCII);

    private final Dispatcher dispatcher;
    private final SigV4 auth;
    private final PartitaServer server;
    /** Where operations run; null: on the connection's event loop. */
    private final OperationExecutor executor;

    /** Anonymous classes, not lambdas: each lambda's first use costs start-up time. */
    private final ChannelFutureListener finished;

    private final ChannelFutureListener finishedAndClose;

    HttpHandler(Dispatcher dispatcher, SigV4 auth, PartitaServer server, OperationExecutor executor) {
        this.dispatcher = dispatcher;
        this.auth = auth;
        this.server = server;
        this.executor = executor;
        this.finished = new ChannelFutureListener() {
            @Override
            public void operationComplete(io.netty.channel.ChannelFuture f) {
                server.requestFinished();
            }
        };
        this.finishedAndClose = new ChannelFutureListener() {
            @Override
            public void operationComplete(io.netty.channel.ChannelFuture f) {
                server.requestFinished();
                f.channel().close();
            }
        };
    }

    /**
     * What a connection needs beyond the pipeline while one of its operations runs on the pool: the requests
     * that arrived meanwhile (HTTP/1.1 pipelining), answered in order after it. Used on the event loop only.
     */
    private static final class Connection {
        boolean busy;
        final ArrayDeque<Request> waiting = new ArrayDeque<>(2);
    }

    private static final AttributeKey<Connection> CONNECTION = AttributeKey.valueOf("partita.connection");

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Request request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            Connection c = ctx.channel().attr(CONNECTION).get();
            if (c != null && c.busy) {
                c.waiting.add(request.retain()); // the decoder had more than one request in a read: after this one
                return;
            }
            serve(ctx, request);
        } finally {
            request.release();
        }
    }

    /** Answers {@code request} now, or hands its operation to the pool, whose thread answers it. */
    private void serve(ChannelHandlerContext ctx, Request request) {
        server.requestStarted();
        boolean keepAlive = request.keepAlive() && request.failure() == null;
        Dispatcher.Op op;
        try {
            op = route(request);
            if (op == null) {
                write(ctx, health(), keepAlive);
                return;
            }
        } catch (Throwable e) {
            write(ctx, error(e), keepAlive);
            return;
        }
        if (server.heap.high()) {
            write(ctx, error(throttled()), keepAlive); // taking more work now would risk an OutOfMemoryError
            return;
        }
        if (executor == null) {
            write(ctx, answer(ctx, request, op), keepAlive);
            return;
        }
        Operation task = new Operation(ctx, request.retain(), op, keepAlive);
        if (!executor.trySubmit(task)) {
            request.release();
            write(ctx, error(throttled()), keepAlive);
            return;
        }
        Connection c = ctx.channel().attr(CONNECTION).get();
        if (c == null) {
            c = new Connection();
            ctx.channel().attr(CONNECTION).set(c);
        }
        c.busy = true;
        ctx.channel().config().setAutoRead(false); // one operation per connection at a time: the client waits
    }

    /** DynamoDB's answer when it cannot take more requests now; the SDKs retry it with back-off. */
    static ApiException throttled() {
        return new ApiException("ThrottlingException", 400, "Rate of requests exceeds the allowed throughput.");
    }

    /** An operation on the pool: runs, then hands its response back to the connection's event loop. */
    private final class Operation implements Runnable {
        private final ChannelHandlerContext ctx;
        private final Request request;
        private final Dispatcher.Op op;
        private final boolean keepAlive;

        Operation(ChannelHandlerContext ctx, Request request, Dispatcher.Op op, boolean keepAlive) {
            this.ctx = ctx;
            this.request = request;
            this.op = op;
            this.keepAlive = keepAlive;
        }

        @Override
        public void run() {
            Response response;
            try {
                response = answer(ctx, request, op);
            } finally {
                request.release();
            }
            try {
                ctx.executor().execute(new Answered(ctx, response, keepAlive));
            } catch (RejectedExecutionException loopStopped) {
                response.release();
                server.requestFinished();
            }
        }
    }

    /** On the event loop: writes a pooled operation's response, then serves what waited behind it. */
    private final class Answered implements Runnable {
        private final ChannelHandlerContext ctx;
        private final Response response;
        private final boolean keepAlive;

        Answered(ChannelHandlerContext ctx, Response response, boolean keepAlive) {
            this.ctx = ctx;
            this.response = response;
            this.keepAlive = keepAlive;
        }

        @Override
        public void run() {
            Connection c = ctx.channel().attr(CONNECTION).get();
            c.busy = false;
            write(ctx, response, keepAlive);
            if (!keepAlive || server.isStopping()) {
                releaseWaiting(c);
                return;
            }
            Request next;
            while (!c.busy && (next = c.waiting.poll()) != null) {
                try {
                    serve(ctx, next);
                } finally {
                    next.release();
                }
            }
            if (!c.busy) {
                ctx.channel().config().setAutoRead(true);
            }
        }
    }

    private static void releaseWaiting(Connection c) {
        Request r;
        while ((r = c.waiting.poll()) != null) {
            r.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        Connection c = ctx.channel().attr(CONNECTION).get();
        if (c != null) {
            releaseWaiting(c);
        }
        super.channelInactive(ctx);
    }

    private void write(ChannelHandlerContext ctx, Response response, boolean keepAlive) {
        boolean keep = keepAlive && !server.isStopping();
        ctx.writeAndFlush(response.encode(ctx.alloc(), keep)).addListener(keep ? finished : finishedAndClose);
    }

    /** The operation a request names; null for the health check; throws the error to answer otherwise. */
    private Dispatcher.Op route(Request request) {
        if (request.failure() != null) {
            throw ApiException.serialization("Malformed HTTP request: " + request.failure());
        }
        if (request.isGet() && request.uriIsRoot()) {
            return null;
        }
        if (!request.isPost()) {
            throw ApiException.serialization("Only POST requests are supported by the DynamoDB JSON 1.0 protocol");
        }
        if (!request.headerIs(CONTENT_TYPE, JSON_10)) { // what the SDKs send: no String for it
            ContentTypes.check(request.header(CONTENT_TYPE));
        }
        return dispatcher.handler(request.header(TARGET));
    }

    private static Response health() {
        return Response.of(200, "healthy: partita-server ".getBytes(StandardCharsets.US_ASCII), true);
    }

    /**
     * Checks the signature and runs the operation: its response, or the error it ended with. The operation writes
     * its JSON straight into a pooled buffer, after room for the response's head ({@link Response}).
     */
    private Response answer(ChannelHandlerContext ctx, Request request, Dispatcher.Op op) {
        Body out = null;
        try {
            ByteBuf content = request.content();
            byte[] body;
            int offset;
            int length = content.readableBytes();
            if (content.hasArray()) {
                body = content.array();
                offset = content.arrayOffset() + content.readerIndex();
            } else {
                body = BodyScratch.copy(content, length); // the thread's array, reused: no array per request
                offset = 0;
            }
            if (auth != null) {
                auth.verify(request, body, offset, length);
            }
            out = new Body(Response.bodyBuffer(ctx.alloc()));
            dispatcher.execute(op, body, offset, length, out);
            Response r = Response.json(out.buf, out.crc.getValue());
            out = null;
            return r;
        } catch (Throwable e) {
            if (out != null) {
                out.buf.release();
            }
            return error(e);
        }
    }

    /** A response body written into a buffer, its CRC32 computed on the way (the JSON writer writes in chunks). */
    private static final class Body extends OutputStream {
        final ByteBuf buf;
        final CRC32 crc = new CRC32();

        Body(ByteBuf buf) {
            this.buf = buf;
        }

        @Override
        public void write(int b) {
            buf.writeByte(b);
            crc.update(b);
        }

        @Override
        public void write(byte[] b, int offset, int length) {
            buf.writeBytes(b, offset, length);
            crc.update(b, offset, length);
        }
    }

    static Response error(Throwable e) {
        if (Errors.status(e) == 500) {
            System.err.println("partita-server: internal error: " + e);
            e.printStackTrace();
        }
        return Response.of(Errors.status(e), Errors.body(e), false);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (ctx.channel().isActive()) {
            Response r = error(ApiException.serialization("Malformed HTTP request: " + cause.getMessage()));
            ctx.writeAndFlush(r.encode(ctx.alloc(), false)).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }
}
