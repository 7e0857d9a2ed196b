package io.partita.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;

/**
 * One HTTP/1.1 response, written as one buffer: status line, headers ({@code content-type}, {@code content-length},
 * {@code x-amzn-RequestId}, {@code x-amz-crc32}, and {@code connection: close} when the connection closes after it)
 * and body. The body is written after {@link #HEADROOM} free bytes, which the head then fills from the back, so an
 * operation's JSON is never copied behind its headers.
 */
final class Response {
    /** Room before the body for the head: the longest head (status line, five headers) is under 230 bytes. */
    static final int HEADROOM = 256;

    private static final byte[] JSON_10 = ascii(ContentTypes.JSON_10);
    private static final byte[] TEXT = ascii("text/plain");
    private static final byte[] CONTENT_TYPE = ascii("\r\ncontent-type: ");
    private static final byte[] CONTENT_LENGTH = ascii("\r\ncontent-length: ");
    private static final byte[] REQUEST_ID = ascii("\r\nx-amzn-RequestId: ");
    private static final byte[] CRC = ascii("\r\nx-amz-crc32: ");
    private static final byte[] CLOSE = ascii("\r\nconnection: close");
    private static final byte[] END = ascii("\r\n\r\n");
    private static final byte[] OK = ascii("HTTP/1.1 200 OK");
    private static final byte[] ID_CHARS = ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    private static final int ID_LENGTH = 52;

    private final byte[] statusLine;
    private final byte[] type;
    /** The body from its reader index, with at least {@link #HEADROOM} bytes before it. */
    private final ByteBuf body;

    private final long crc32;

    private Response(byte[] statusLine, byte[] type, ByteBuf body, long crc32) {
        this.statusLine = statusLine;
        this.type = type;
        this.body = body;
        this.crc32 = crc32;
    }

    /** A buffer for an operation's JSON: write the body from its writer index, then pass it to {@link #json}. */
    static ByteBuf bodyBuffer(ByteBufAllocator alloc) {
        ByteBuf b = alloc.buffer(HEADROOM + 256);
        b.writerIndex(HEADROOM).readerIndex(HEADROOM);
        return b;
    }

    /** A 200 answer with the JSON written into {@code body} (from {@link #bodyBuffer}) and its CRC32. */
    static Response json(ByteBuf body, long crc32) {
        return new Response(OK, JSON_10, body, crc32);
    }

    /** An answer with {@code body} as JSON ({@code text}: as plain text), copied after the headroom. */
    static Response of(int status, byte[] body, boolean text) {
        ByteBuf b = Unpooled.buffer(HEADROOM + body.length);
        b.writerIndex(HEADROOM).readerIndex(HEADROOM);
        b.writeBytes(body);
        CRC32 crc = new CRC32();
        crc.update(body, 0, body.length);
        return new Response(status == 200 ? OK : statusLine(status), text ? TEXT : JSON_10, b, crc.getValue());
    }

    /** Drops a response that will not be written. */
    void release() {
        body.release();
    }

    /** The response's bytes, head and body, for a connection that stays open ({@code keepAlive}) or closes. */
    ByteBuf encode(ByteBufAllocator alloc, boolean keepAlive) {
        int length = body.readableBytes();
        int lengthDigits = digits(length);
        int crcDigits = digits(crc32);
        int head = statusLine.length
                + CONTENT_TYPE.length
                + type.length
                + CONTENT_LENGTH.length
                + lengthDigits
                + REQUEST_ID.length
                + ID_LENGTH
                + CRC.length
                + crcDigits
                + (keepAlive ? 0 : CLOSE.length)
                + END.length;
        ByteBuf out = body;
        if (body.readerIndex() < head || body.refCnt() != 1 || body.isReadOnly()) {
            out = alloc.buffer(head + length);
            out.writerIndex(head).readerIndex(head);
            out.writeBytes(body);
            body.release();
        }
        int i = out.readerIndex() - head;
        out.readerIndex(i);
        i = put(out, i, statusLine);
        i = put(out, i, CONTENT_TYPE);
        i = put(out, i, type);
        i = put(out, i, CONTENT_LENGTH);
        i = putDigits(out, i, length, lengthDigits);
        i = put(out, i, REQUEST_ID);
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        for (int k = 0; k < ID_LENGTH; k++) {
            out.setByte(i++, ID_CHARS[rnd.nextInt(ID_CHARS.length)]); // DynamoDB's request-id form: [A-Z0-9]{52}
        }
        i = put(out, i, CRC);
        i = putDigits(out, i, crc32, crcDigits);
        if (!keepAlive) {
            i = put(out, i, CLOSE);
        }
        put(out, i, END);
        return out;
    }

    private static int put(ByteBuf out, int at, byte[] bytes) {
        out.setBytes(at, bytes);
        return at + bytes.length;
    }

    private static int putDigits(ByteBuf out, int at, long value, int digits) {
        long v = value;
        for (int k = at + digits - 1; k >= at; k--) {
            out.setByte(k, (int) ('0' + v % 10));
            v /= 10;
        }
        return at + digits;
    }

    /** How many decimal digits {@code value} (not negative) has. */
    private static int digits(long value) {
        int digits = 1;
        for (long v = value / 10; v > 0; v /= 10) {
            digits++;
        }
        return digits;
    }

    private static byte[] statusLine(int status) {
        return ascii("HTTP/1.1 " + status + " " + reason(status));
    }

    /** The reason phrases Netty's encoder wrote for the statuses the server answers with. */
    static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 413 -> "Request Entity Too Large";
            case 417 -> "Expectation Failed";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> status < 300 ? "Success" : status < 500 ? "Client Error" : "Server Error";
        };
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
