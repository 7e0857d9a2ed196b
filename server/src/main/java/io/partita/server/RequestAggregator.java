package io.partita.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;

/**
 * Netty's aggregator (one {@code FullHttpRequest} per request, at most {@code maxBytes} of body) with DynamoDB-style
 * answers where Netty's would have an empty body: a body over the limit, announced by its {@code Content-Length}
 * (with or without {@code Expect: 100-continue}) or found while reading a chunked body, gets 413
 * {@code RequestEntityTooLarge}; an {@code Expect} other than {@code 100-continue} gets 417
 * {@code ValidationException}. Each is answered with {@code Connection: close}, then the connection is closed.
 */
// Netty reports the outcome of write futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class RequestAggregator extends HttpObjectAggregator {
    private final int maxBytes;

    RequestAggregator(int maxBytes) {
        super(maxBytes, true); // true: close the connection after refusing an expectation
        this.maxBytes = maxBytes;
    }

    @Override
    protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
        String expect = start.headers().get(HttpHeaderNames.EXPECT);
        Object netty = super.newContinueResponse(start, maxContentLength, pipeline);
        if (!(netty instanceof HttpResponse r) || r.status().codeClass() != HttpStatusClass.CLIENT_ERROR) {
            return netty; // null (no expectation) or 100 Continue
        }
        ReferenceCountUtil.release(netty);
        ApiException refusal = r.status().code() == HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code()
                ? tooLarge(start)
                : new ApiException(
                        "ValidationException",
                        HttpResponseStatus.EXPECTATION_FAILED.code(),
                        "Unsupported Expect header value '" + expect + "': only 100-continue is supported");
        return closing(HttpHandler.error(refusal));
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        ctx.writeAndFlush(closing(HttpHandler.error(tooLarge(oversized)))).addListener(ChannelFutureListener.CLOSE);
    }

    /** The size is named when the client announced it; a chunked body is refused once it passes the limit. */
    private ApiException tooLarge(HttpMessage request) {
        long announced = HttpUtil.getContentLength(request, -1L);
        return new ApiException(
                "RequestEntityTooLarge",
                HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code(),
                announced >= 0
                        ? "Request size " + announced + " exceeded " + maxBytes + " bytes"
                        : "Request size exceeded " + maxBytes + " bytes");
    }

    private static FullHttpResponse closing(FullHttpResponse r) {
        r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return r;
    }
}
