package io.partita.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * HTTP/1.x requests from a connection's bytes, one {@link Request} each with its whole body, shaped for what DynamoDB
 * clients send: the head is copied into a byte array the decoder reuses ({@link HeadParser}; a request that outlives
 * its hand-off copies it, {@link Request#keep()}), a {@code Content-Length} body that
 * arrived whole is a retained slice of the bytes read (no copy), a chunked body is gathered into one buffer. Limits:
 * a request line over 4,096 bytes or a header section over 16,384 is malformed (a {@link Request#malformed} request,
 * answered with 400 and a close). A body over {@code maxBytes} is refused with 413 {@code RequestEntityTooLarge}
 * from its {@code Content-Length} before it is read (with or without {@code Expect: 100-continue}), or, chunked,
 * as soon as the chunk that passes the limit is announced; an {@code Expect} other than {@code 100-continue} gets 417
 * {@code ValidationException}; each with {@code Connection: close}, then the connection is closed. Pipelined
 * requests come out in order, one per {@link #decode} call (so each is handed on before the next head reuses the
 * array); after a malformed or refused request the rest of the connection's bytes are dropped.
 *
 * <p>It gathers the bytes read as Netty's {@code ByteToMessageDecoder} does (its merging cumulator; a body slice
 * keeps the bytes it shares from being moved), without extending it ({@link InboundHandler} says why), and holds the
 * connection's {@link IdleTimeout}.
 */
// Netty reports the outcome of write futures on the channel itself; nothing here waits for them.
@SuppressWarnings("FutureReturnValueIgnored")
final class RequestDecoder extends InboundHandler {
    static final int MAX_LINE = 4096;
    static final int MAX_HEADERS = 16384;
    /** A chunk-size line (hex digits and extensions) longer than this is malformed. */
    private static final int MAX_CHUNK_LINE = 1024;

    /** Reads after which the bytes already decoded are dropped from the cumulation, as Netty's decoder does. */
    private static final int DISCARD_AFTER_READS = 16;

    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private enum State {
        HEAD,
        BODY,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_END,
        TRAILERS,
        DISCARD
    }

    private final int maxBytes;
    private final HeadParser parser = new HeadParser();
    /** The current head's bytes, reused from request to request. */
    private byte[] head = new byte[1024];

    private State state = State.HEAD;
    /** How far the current head (or trailer section) has been searched for its end, from the reader index. */
    private int scanned;
    /** Where the current line of the head starts, from the reader index. */
    private int lineStart;
    /** The header (or trailer) lines' bytes so far, for the 16 KiB limit. */
    private int headerBytes;
    /** The request whose body is being read. */
    private Request request;
    /** The body bytes still to come: the whole {@code Content-Length} body, or the current chunk. */
    private long remaining;
    /** A chunked body gathered so far. */
    private ByteBuf chunks;

    /** The bytes read and not decoded yet; null when there are none. */
    private ByteBuf cumulation;
    /** Reads since the cumulation last dropped its decoded bytes. */
    private int reads;
    /**
     * Whether the cumulation is the buffer the channel read into, taken as it was: its read bytes stay where they
     * are, as Netty's decoder leaves them.
     */
    private boolean first;
    /** Whether bytes came in, and whether a request went out, since the last read completed. */
    private boolean readBytes;

    private boolean firedRequest;
    /** What {@link #decode} hands on: at most one request per call. */
    private final List<Object> out = new ArrayList<>(1);

    private final IdleTimeout idle;

    /** Without an idle timeout. */
    RequestDecoder(int maxBytes) {
        this(maxBytes, 0);
    }

    /** Closes the connection when it has read nothing for {@code idleNanos} (0: never). */
    RequestDecoder(int maxBytes, long idleNanos) {
        this.maxBytes = maxBytes;
        this.idle = new IdleTimeout(idleNanos);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive() && ctx.channel().isRegistered()) {
            idle.start(ctx); // an accepted connection is active before its handlers are added
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        idle.start(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes)) {
            ctx.fireChannelRead(msg);
            return;
        }
        idle.readStarted();
        readBytes = true;
        first = cumulation == null;
        ByteBuf in = ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(
                ctx.alloc(), first ? Unpooled.EMPTY_BUFFER : cumulation, bytes);
        cumulation = in;
        try {
            decodeAll(ctx, in);
        } catch (DecoderException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new DecoderException(e);
        } finally {
            if (cumulation != null && !cumulation.isReadable()) {
                cumulation.release();
                cumulation = null;
                reads = 0;
            } else if (++reads >= DISCARD_AFTER_READS) {
                reads = 0;
                discardSomeReadBytes();
            }
        }
    }

    /** Hands on every request the bytes hold, one at a time, each before the next is decoded. */
    private void decodeAll(ChannelHandlerContext ctx, ByteBuf in) {
        while (in.isReadable() && !ctx.isRemoved()) {
            int before = in.readableBytes();
            decode(ctx, in, out);
            if (out.isEmpty()) {
                if (before == in.readableBytes()) {
                    return; // waits for more bytes
                }
                continue;
            }
            Object request = out.get(0);
            out.clear();
            firedRequest = true;
            ctx.fireChannelRead(request);
        }
    }

    /** Keeps the cumulation from growing while a client pipelines, unless a body slice shares its bytes. */
    private void discardSomeReadBytes() {
        if (cumulation != null && !first && cumulation.refCnt() == 1) {
            cumulation.discardSomeReadBytes();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        idle.readCompleted();
        reads = 0;
        discardSomeReadBytes();
        if (readBytes && !firedRequest && !ctx.channel().config().isAutoRead()) {
            ctx.read(); // a request begun while reading is paused: its rest is needed to answer anything
        }
        readBytes = false;
        firedRequest = false;
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        release();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        release();
    }

    private void release() {
        idle.stop();
        dropBody();
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
    }

    private void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.isReadable() && out.isEmpty()) {
            switch (state) {
                case HEAD -> {
                    if (!head(ctx, in, out)) {
                        return;
                    }
                }
                case BODY -> {
                    if (in.readableBytes() < remaining) {
                        return;
                    }
                    request.content(in.readRetainedSlice((int) remaining));
                    emit(out);
                }
                case CHUNK_SIZE -> {
                    if (!chunkSize(ctx, in, out)) {
                        return;
                    }
                }
                case CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    chunks.writeBytes(in, n);
                    remaining -= n;
                    if (remaining == 0) {
                        state = State.CHUNK_END;
                    }
                }
                case CHUNK_END -> {
                    if (!chunkEnd(in, out)) {
                        return;
                    }
                }
                case TRAILERS -> {
                    if (!trailers(in, out)) {
                        return;
                    }
                }
                case DISCARD -> in.skipBytes(in.readableBytes());
            }
        }
    }

    /** Reads a request head when it is all there; false to wait for more bytes. */
    private boolean head(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (scanned == 0) {
            while (in.isReadable() && isSkippedBeforeRequest(in.getByte(in.readerIndex()))) {
                in.skipBytes(1); // empty lines (and stray whitespace) between requests, as Netty's decoder skips
            }
            if (!in.isReadable()) {
                return false;
            }
        }
        int end = findEmptyLine(in, true);
        if (end == -2) {
            return false;
        }
        if (end < 0) {
            fail(
                    in,
                    out,
                    end == -3
                            ? "the request line is larger than " + MAX_LINE + " bytes"
                            : "the header section is larger than " + MAX_HEADERS + " bytes");
            return true;
        }
        if (head.length < end) {
            head = new byte[Math.max(end, 2 * head.length)];
        }
        in.readBytes(head, 0, end);
        in.skipBytes(in.getByte(in.readerIndex()) == '\r' ? 2 : 1); // the empty line
        resetScan();
        begin(ctx, parser.parse(head, end), out);
        return true;
    }

    /** Acts on a parsed head: hands on a malformed request, refuses, or starts reading the body the head frames. */
    private void begin(ChannelHandlerContext ctx, Request r, List<Object> out) {
        if (r.failure() != null) {
            out.add(r);
            state = State.DISCARD;
            return;
        }
        if (parser.expect == HeadParser.Expect.UNSUPPORTED) {
            refuse(
                    ctx,
                    new ApiException(
                            "ValidationException",
                            417,
                            "Unsupported Expect header value '" + parser.expectValue
                                    + "': only 100-continue is supported"));
            return;
        }
        if (parser.contentLength > maxBytes) {
            refuse(ctx, tooLarge(parser.contentLength));
            return;
        }
        if (parser.expect == HeadParser.Expect.CONTINUE) {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE));
        }
        request = r;
        if (parser.chunked) {
            chunks = ctx.alloc().buffer();
            state = State.CHUNK_SIZE;
        } else if (parser.contentLength > 0) {
            remaining = parser.contentLength;
            state = State.BODY;
        } else {
            emit(out);
        }
    }

    private static boolean isSkippedBeforeRequest(byte b) {
        return b == '\r' || b == '\n' || b == ' ' || b == '\t';
    }

    /**
     * Searches on from where the last call stopped for the empty line that ends a head ({@code forRequest}: the
     * first line is the request line, limited to 4 KiB) or a trailer section: its offset from the reader index;
     * -2 when it has not arrived, -3 for a request line over the limit, -4 for a header section over it.
     */
    private int findEmptyLine(ByteBuf in, boolean forRequest) {
        int base = in.readerIndex();
        int limit = in.writerIndex();
        int i = base + scanned;
        while (i < limit) {
            int lf = in.indexOf(i, limit, (byte) '\n');
            if (lf < 0) {
                break;
            }
            int length = lf - (base + lineStart);
            if (length > 0 && in.getByte(lf - 1) == '\r') {
                length--;
            }
            if (length == 0) {
                return lineStart;
            }
            if (forRequest && lineStart == 0) {
                if (length > MAX_LINE) {
                    return -3;
                }
            } else if ((headerBytes += length) > MAX_HEADERS) {
                return -4;
            }
            lineStart = lf + 1 - base;
            i = lf + 1;
        }
        scanned = limit - base;
        int partial = scanned - lineStart;
        if (forRequest && lineStart == 0) {
            return partial > MAX_LINE + 1 ? -3 : -2;
        }
        return headerBytes + partial > MAX_HEADERS + 1 ? -4 : -2;
    }

    private void resetScan() {
        scanned = 0;
        lineStart = 0;
        headerBytes = 0;
    }

    /** Reads a chunk-size line; false to wait for more bytes. */
    private boolean chunkSize(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int lf = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n');
        if (lf < 0) {
            if (in.readableBytes() > MAX_CHUNK_LINE) {
                fail(in, out, "a chunk-size line is larger than " + MAX_CHUNK_LINE + " bytes");
                return true;
            }
            return false;
        }
        long size = 0;
        int digits = 0;
        for (int i = in.readerIndex(); i < lf; i++) {
            int d = Character.digit(in.getByte(i), 16);
            if (d < 0) {
                break; // a chunk extension (';'), or the line's end
            }
            size = size * 16 + d;
            if (++digits > 8) {
                break;
            }
        }
        if (digits == 0 || digits > 8) {
            fail(in, out, "a chunk size is not a hexadecimal number of bytes");
            return true;
        }
        in.readerIndex(lf + 1);
        if (size == 0) {
            state = State.TRAILERS;
            return true;
        }
        if (chunks.readableBytes() + size > maxBytes) {
            refuse(ctx, tooLarge(-1));
            return true;
        }
        remaining = size;
        state = State.CHUNK_DATA;
        return true;
    }

    /** Reads the CRLF after a chunk's data; false to wait for more bytes. */
    private boolean chunkEnd(ByteBuf in, List<Object> out) {
        byte first = in.getByte(in.readerIndex());
        if (first == '\n') {
            in.skipBytes(1);
        } else if (first != '\r') {
            fail(in, out, "a chunk's data is longer than its size");
            return true;
        } else if (in.readableBytes() < 2) {
            return false;
        } else if (in.getByte(in.readerIndex() + 1) != '\n') {
            fail(in, out, "a chunk's data is longer than its size");
            return true;
        } else {
            in.skipBytes(2);
        }
        state = State.CHUNK_SIZE;
        return true;
    }

    /** Skips the trailer section after the last chunk (the server reads no trailer); false to wait for it. */
    private boolean trailers(ByteBuf in, List<Object> out) {
        int end = findEmptyLine(in, false);
        if (end == -2) {
            return false;
        }
        if (end < 0) {
            fail(in, out, "the trailer section is larger than " + MAX_HEADERS + " bytes");
            return true;
        }
        in.skipBytes(end);
        in.skipBytes(in.getByte(in.readerIndex()) == '\r' ? 2 : 1);
        resetScan();
        request.content(chunks);
        chunks = null;
        emit(out);
        return true;
    }

    private void emit(List<Object> out) {
        out.add(request);
        request = null;
        state = State.HEAD;
    }

    /** Hands on a malformed request (answered with 400 and a close) and drops what else the connection sends. */
    private void fail(ByteBuf in, List<Object> out, String why) {
        in.skipBytes(in.readableBytes());
        dropBody();
        out.add(Request.malformed(why));
        state = State.DISCARD;
    }

    /** Answers {@code refusal} with {@code Connection: close}, closes, and drops what else arrives meanwhile. */
    private void refuse(ChannelHandlerContext ctx, ApiException refusal) {
        dropBody();
        ctx.writeAndFlush(HttpHandler.error(refusal).encode(ctx.alloc(), false))
                .addListener(ChannelFutureListener.CLOSE);
        state = State.DISCARD;
    }

    /** The size is named when the client announced it; a chunked body is refused once it passes the limit. */
    private ApiException tooLarge(long announced) {
        return new ApiException(
                "RequestEntityTooLarge",
                413,
                announced >= 0
                        ? "Request size " + announced + " exceeded " + maxBytes + " bytes"
                        : "Request size exceeded " + maxBytes + " bytes");
    }

    private void dropBody() {
        request = null;
        if (chunks != null) {
            chunks.release();
            chunks = null;
        }
    }
}
