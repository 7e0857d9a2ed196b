package io.partita.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;

/**
 * One DynamoDB JSON 1.0 request per aggregated HTTP request: {@code POST /} with {@code X-Amz-Target}. The
 * operation runs on the connection's event loop (the core's operations are in-memory and short); the
 * response carries {@code x-amzn-RequestId} and {@code x-amz-crc32} (CRC32 of the body, which the SDKs check).
 * {@code GET /} answers a health check, as DynamoDB's endpoint does.
 */
@ChannelHandler.Sharable
// Netty reports the outcome of close/shutdown/write futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class HttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final AsciiString JSON_10 = AsciiString.cached("application/x-amz-json-1.0");
    static final AsciiString REQUEST_ID = AsciiString.cached("x-amzn-RequestId");
    static final AsciiString CRC32 = AsciiString.cached("x-amz-crc32");
    private static final char[] ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private final Dispatcher dispatcher;
    private final SigV4 auth;
    private final PartitaServer server;

    /** Anonymous classes, not lambdas: each lambda's first use costs start-up time. */
    private final ChannelFutureListener finished;

    private final ChannelFutureListener finishedAndClose;

    HttpHandler(Dispatcher dispatcher, SigV4 auth, PartitaServer server) {
        this.dispatcher = dispatcher;
        this.auth = auth;
        this.server = server;
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

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        server.requestStarted();
        FullHttpResponse response;
        try {
            response = answer(request);
        } catch (Throwable e) {
            response = error(e);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request)
                && !server.isStopping()
                && !request.decoderResult().isFailure();
        HttpUtil.setKeepAlive(response, keepAlive);
        ChannelFutureListener done = keepAlive ? finished : finishedAndClose;
        ctx.writeAndFlush(response).addListener(done);
    }

    private FullHttpResponse answer(FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            throw ApiException.serialization(
                    "Malformed HTTP request: " + request.decoderResult().cause());
        }
        if (request.method() == HttpMethod.GET && request.uri().equals("/")) {
            return response(
                    HttpResponseStatus.OK,
                    "healthy: partita-server ".getBytes(StandardCharsets.US_ASCII),
                    "text/plain");
        }
        if (request.method() != HttpMethod.POST) {
            throw ApiException.serialization("Only POST requests are supported by the DynamoDB JSON 1.0 protocol");
        }
        HttpHeaders h = request.headers();
        Dispatcher.Op handler = dispatcher.handler(h.get("X-Amz-Target"));
        ByteBuf content = request.content();
        byte[] body;
        int offset;
        int length = content.readableBytes();
        if (content.hasArray()) {
            body = content.array();
            offset = content.arrayOffset() + content.readerIndex();
        } else {
            body = new byte[length];
            content.getBytes(content.readerIndex(), body);
            offset = 0;
        }
        if (auth != null) {
            auth.verify(request, body, offset, length);
        }
        return response(HttpResponseStatus.OK, dispatcher.execute(handler, body, offset, length), null);
    }

    static FullHttpResponse error(Throwable e) {
        if (Errors.status(e) == 500) {
            System.err.println("partita-server: internal error: " + e);
            e.printStackTrace();
        }
        return response(HttpResponseStatus.valueOf(Errors.status(e)), Errors.body(e), null);
    }

    static FullHttpResponse response(HttpResponseStatus status, byte[] body, String contentType) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        HttpHeaders h = r.headers();
        h.set(HttpHeaderNames.CONTENT_TYPE, contentType == null ? JSON_10 : contentType);
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        h.set(REQUEST_ID, requestId());
        CRC32 crc = new CRC32();
        crc.update(body, 0, body.length);
        h.set(CRC32, Long.toString(crc.getValue()));
        return r;
    }

    /** 52 characters of [A-Z0-9], DynamoDB's request-id form. */
    static String requestId() {
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        char[] c = new char[52];
        for (int i = 0; i < c.length; i++) {
            c[i] = ID_CHARS[rnd.nextInt(ID_CHARS.length)];
        }
        return new String(c);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            ctx.close(); // a client that sends nothing (or too slowly) for the idle timeout loses its connection
        } else {
            super.userEventTriggered(ctx, evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (ctx.channel().isActive()) {
            FullHttpResponse r = error(ApiException.serialization("Malformed HTTP request: " + cause.getMessage()));
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }
}
