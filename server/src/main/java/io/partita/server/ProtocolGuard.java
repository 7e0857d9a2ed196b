package io.partita.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;

/**
 * The first bytes of a connection must start an HTTP request line (a method token, after optional empty lines).
 * Anything else (NUL bytes, a TLS ClientHello from an {@code https://} client, another protocol) is answered at
 * once with a 400 {@code SerializationException} and the connection is closed, where Netty's decoder would skip
 * control bytes and wait for a request line until the idle timeout. After the first byte of a request line the
 * guard leaves the pipeline.
 */
// Netty reports the outcome of write futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class ProtocolGuard extends InboundHandler {
    /** The first byte of a TLS handshake record; the ClientHello of an {@code https://} client starts with it. */
    private static final int TLS_HANDSHAKE = 0x16;

    /** Set once the connection is refused: what else arrives before it closes is dropped. */
    private boolean refused;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof ByteBuf bytes)) {
            ctx.fireChannelRead(msg);
            return;
        }
        for (int i = bytes.readerIndex(); i < bytes.writerIndex(); i++) {
            int b = bytes.getUnsignedByte(i);
            if (b == '\r' || b == '\n') {
                continue; // empty lines before a request line are allowed (RFC 9112, 2.2)
            }
            if (!Ascii.isTokenChar(b)) {
                ReferenceCountUtil.release(msg);
                refused = true;
                refuse(ctx, b);
                return;
            }
            ctx.pipeline().remove(this);
            break;
        }
        ctx.fireChannelRead(msg);
    }

    private static void refuse(ChannelHandlerContext ctx, int first) {
        String why = first == TLS_HANDSHAKE
                ? "this looks like a TLS handshake, but the endpoint serves plain HTTP (use http://, not https://)"
                : String.format("expected an HTTP request line, got byte 0x%02X", first);
        Response r = HttpHandler.error(ApiException.serialization("Malformed HTTP request: " + why));
        ctx.writeAndFlush(r.encode(ctx.alloc(), false)).addListener(ChannelFutureListener.CLOSE);
    }
}
