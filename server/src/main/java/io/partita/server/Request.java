package io.partita.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One HTTP request as {@link RequestDecoder} read it: the request line and header section as sent (one byte array,
 * each header an offset pair into it, so no String is made for a header nobody reads), what the server acts on
 * (method, keep-alive) and the body, a retained slice of the bytes read when it arrived whole. A request the
 * decoder could not read carries {@link #failure()} instead and is answered with a 400 and a close.
 *
 * <p>The head's bytes and offsets are the decoder's, reused for the connection's next request: a request used only
 * while it is handed on (the usual case: answered at once) costs no copy of them; one that outlives that (queued
 * behind a running operation, or run on the operation pool) is {@link #retain() retained}, which copies them.</p>
 */
final class Request {
    private byte[] head;
    private final int headLength;
    /** Per header: name start, name end, value start, value end (values trimmed), offsets into {@link #head}. */
    private int[] marks;
    /** Whether {@link #head} and {@link #marks} are this request's own (else the decoder's, to be reused). */
    private boolean owned;

    private final int headers;
    private final String method;
    private final int uriStart;
    private final int uriEnd;
    private final boolean keepAlive;
    private final String failure;
    private ByteBuf content;

    Request(
            byte[] head,
            int headLength,
            int[] marks,
            int headers,
            String method,
            int uriStart,
            int uriEnd,
            boolean keepAlive) {
        this.head = head;
        this.headLength = headLength;
        this.marks = marks;
        this.headers = headers;
        this.method = method;
        this.uriStart = uriStart;
        this.uriEnd = uriEnd;
        this.keepAlive = keepAlive;
        this.failure = null;
        this.content = Unpooled.EMPTY_BUFFER;
    }

    private Request(String failure) {
        this.head = new byte[0];
        this.headLength = 0;
        this.marks = new int[0];
        this.owned = true;
        this.headers = 0;
        this.method = "GET";
        this.uriStart = 0;
        this.uriEnd = 0;
        this.keepAlive = false;
        this.failure = failure;
        this.content = Unpooled.EMPTY_BUFFER;
    }

    /** A request that could not be read: {@code why} completes "Malformed HTTP request: ". */
    static Request malformed(String why) {
        return new Request(why);
    }

    /** Why the request could not be read; null for a well-formed one. */
    String failure() {
        return failure;
    }

    String method() {
        return method;
    }

    boolean isGet() {
        return method.equals("GET");
    }

    boolean isPost() {
        return method.equals("POST");
    }

    /** Whether the request target is exactly {@code /}. */
    boolean uriIsRoot() {
        return uriEnd - uriStart == 1 && head[uriStart] == '/';
    }

    String uri() {
        return new String(head, uriStart, uriEnd - uriStart, StandardCharsets.ISO_8859_1);
    }

    /** Whether the client lets the connection stay open: HTTP/1.1 unless {@code Connection: close}, ... */
    boolean keepAlive() {
        return keepAlive;
    }

    ByteBuf content() {
        return content;
    }

    void content(ByteBuf body) {
        this.content = body;
    }

    /** Keeps the request past its hand-off: copies its head out of the decoder's reused arrays, once. */
    Request keep() {
        if (!owned) {
            head = Arrays.copyOf(head, headLength);
            marks = Arrays.copyOf(marks, 4 * headers);
            owned = true;
        }
        return this;
    }

    /** {@link #keep()}, and one more reference to the body, for a request answered later. */
    Request retain() {
        keep();
        content.retain();
        return this;
    }

    void release() {
        content.release();
    }

    /** The first value of header {@code name} (any case), null when absent. */
    String header(String name) {
        int i = find(name, 0);
        return i < 0 ? null : value(i);
    }

    /** Every value of header {@code name} (any case), in the order sent. */
    List<String> headers(String name) {
        List<String> values = new ArrayList<>(1);
        for (int i = find(name, 0); i >= 0; i = find(name, i + 1)) {
            values.add(value(i));
        }
        return values;
    }

    /** Whether the first value of header {@code name} is exactly {@code expected} (ASCII bytes). */
    boolean headerIs(String name, byte[] expected) {
        int i = find(name, 0);
        if (i < 0) {
            return false;
        }
        int start = marks[4 * i + 2];
        int length = marks[4 * i + 3] - start;
        if (length != expected.length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (head[start + k] != expected[k]) {
                return false;
            }
        }
        return true;
    }

    private String value(int i) {
        int start = marks[4 * i + 2];
        return new String(head, start, marks[4 * i + 3] - start, StandardCharsets.ISO_8859_1);
    }

    /** The index of the first header from {@code from} on named {@code name} (ASCII, any case); -1 if none. */
    private int find(String name, int from) {
        for (int i = from; i < headers; i++) {
            if (Ascii.equalsIgnoreCase(head, marks[4 * i], marks[4 * i + 1], name)) {
                return i;
            }
        }
        return -1;
    }
}
