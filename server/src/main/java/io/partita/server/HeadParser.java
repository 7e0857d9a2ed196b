package io.partita.server;

import java.nio.charset.StandardCharsets;

/**
 * Reads an HTTP/1.x request head (request line and header lines, LF or CRLF ended, without the empty line that ends
 * them) into a {@link Request}, and what frames its body: {@link #contentLength}, {@link #chunked}, {@link #expect}.
 * Header names must be tokens and values are kept as offset pairs; obsolete line folding, a version other than
 * HTTP/1.0 or 1.1 and an unreadable or contradictory {@code Content-Length} make the request malformed. One parser per
 * connection (its fields describe the last head parsed); the offsets go into an array it reuses, which the request
 * borrows until {@link Request#keep()}.
 */
final class HeadParser {
    /** What the request's {@code Expect} header asks. */
    enum Expect {
        NONE,
        CONTINUE,
        UNSUPPORTED
    }

    /** The announced body length; -1 without a {@code Content-Length}. */
    long contentLength;

    boolean chunked;
    Expect expect;
    /** The {@code Expect} value when {@link Expect#UNSUPPORTED}. */
    String expectValue;

    /** The request line's method end, target start and end, and the version's minor digit. */
    private int methodEnd;

    private int uriStart;
    private int uriEnd;
    private byte minor;
    /** Per header: name start and end, value start and end; lent to each request parsed, reused for the next. */
    private int[] marks = new int[4 * 16];

    /**
     * The request in {@code head[0, length)}; a {@link Request#malformed} one when it cannot be read. The request
     * borrows {@code head} and this parser's offsets until it is {@linkplain Request#keep() kept}.
     */
    Request parse(byte[] head, int length) {
        contentLength = -1;
        chunked = false;
        expect = Expect.NONE;
        expectValue = null;
        int lineEnd = lineEnd(head, 0, length);
        if (!requestLine(head, trimCr(head, 0, lineEnd))) {
            return Request.malformed("the request line is not 'METHOD target HTTP/1.1'");
        }
        boolean http10 = minor == '0';
        int lines = lines(head, length);
        if (marks.length < 4 * lines) {
            marks = new int[4 * lines];
        }
        int count = 0;
        boolean close = false;
        boolean keepAliveHeader = false;
        for (int start = lineEnd + 1; start < length; ) {
            int end = lineEnd(head, start, length);
            int e = trimCr(head, start, end);
            if (Ascii.isSpace(head[start])) {
                return Request.malformed("obsolete line folding in a header is not supported");
            }
            int colon = start;
            while (colon < e && head[colon] != ':') {
                if (!Ascii.isTokenChar(head[colon])) {
                    return Request.malformed("a header name holds a character that is not allowed (byte "
                            + String.format("0x%02X", head[colon] & 0xFF) + ")");
                }
                colon++;
            }
            if (colon == start || colon == e) {
                return Request.malformed("a header line is not 'Name: value'");
            }
            int vs = colon + 1;
            int ve = e;
            while (vs < ve && Ascii.isSpace(head[vs])) {
                vs++;
            }
            while (ve > vs && Ascii.isSpace(head[ve - 1])) {
                ve--;
            }
            marks[4 * count] = start;
            marks[4 * count + 1] = colon;
            marks[4 * count + 2] = vs;
            marks[4 * count + 3] = ve;
            count++;
            String problem = framing(head, start, colon, vs, ve, http10);
            if (problem != null) {
                return Request.malformed(problem);
            }
            if (Ascii.equalsIgnoreCase(head, start, colon, "connection")) {
                close |= Ascii.containsToken(head, vs, ve, "close");
                keepAliveHeader |= Ascii.containsToken(head, vs, ve, "keep-alive");
            }
            start = end + 1;
        }
        if (chunked) {
            contentLength = -1; // RFC 9112, 6.3: Transfer-Encoding overrides Content-Length
        }
        boolean keepAlive = !close && (!http10 || keepAliveHeader);
        return new Request(head, length, marks, count, method(head, methodEnd), uriStart, uriEnd, keepAlive);
    }

    /** Notes a body-framing header ({@code Content-Length}, {@code Transfer-Encoding}, {@code Expect}); its error. */
    private String framing(byte[] head, int name, int colon, int vs, int ve, boolean http10) {
        if (Ascii.equalsIgnoreCase(head, name, colon, "content-length")) {
            long n = digits(head, vs, ve);
            if (n < 0) {
                return "Content-Length '" + new String(head, vs, ve - vs, StandardCharsets.ISO_8859_1)
                        + "' is not a number of bytes";
            }
            if (contentLength >= 0 && contentLength != n) {
                return "two different Content-Length values";
            }
            contentLength = n;
        } else if (Ascii.equalsIgnoreCase(head, name, colon, "transfer-encoding")) {
            chunked |= Ascii.containsToken(head, vs, ve, "chunked");
        } else if (!http10 && Ascii.equalsIgnoreCase(head, name, colon, "expect")) {
            if (Ascii.equalsIgnoreCase(head, vs, ve, "100-continue")) {
                expect = Expect.CONTINUE;
            } else {
                expect = Expect.UNSUPPORTED;
                expectValue = new String(head, vs, ve - vs, StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    /** The decimal number in {@code b[start, end)}; -1 when it is empty, not all digits or over 18 digits. */
    private static long digits(byte[] b, int start, int end) {
        if (start == end || end - start > 18) {
            return -1;
        }
        long n = 0;
        for (int i = start; i < end; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
            n = n * 10 + (b[i] - '0');
        }
        return n;
    }

    /**
     * Notes the request line's parts; false unless it is three parts separated by single spaces: a token method, a
     * target of visible characters and HTTP/1.0 or HTTP/1.1.
     */
    private boolean requestLine(byte[] b, int end) {
        methodEnd = 0;
        while (methodEnd < end && Ascii.isTokenChar(b[methodEnd])) {
            methodEnd++;
        }
        if (methodEnd == 0 || methodEnd == end || b[methodEnd] != ' ') {
            return false;
        }
        uriStart = methodEnd + 1;
        uriEnd = uriStart;
        while (uriEnd < end && b[uriEnd] > ' ' && b[uriEnd] != 0x7F) {
            uriEnd++;
        }
        if (uriEnd == uriStart || uriEnd == end || b[uriEnd] != ' ' || end - uriEnd != 9) {
            return false;
        }
        int v = uriEnd + 1;
        minor = b[v + 7];
        return Ascii.equals(b, v, v + 7, "HTTP/1.") && (minor == '0' || minor == '1');
    }

    /** The method (case-sensitive, RFC 9110): the two the server serves as constants, no String made for them. */
    private static String method(byte[] b, int end) {
        if (Ascii.equals(b, 0, end, "POST")) {
            return "POST";
        }
        if (Ascii.equals(b, 0, end, "GET")) {
            return "GET";
        }
        return new String(b, 0, end, StandardCharsets.ISO_8859_1);
    }

    /** How many lines the head has: a bound on its headers. */
    private static int lines(byte[] b, int length) {
        int n = 1;
        for (int i = 0; i < length; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** The index of the LF ending the line that starts at {@code start}, or the head's length for its last line. */
    private static int lineEnd(byte[] b, int start, int length) {
        for (int i = start; i < length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return length;
    }

    /** {@code end}, less one when the line ends with CR. */
    private static int trimCr(byte[] b, int start, int end) {
        return end > start && b[end - 1] == '\r' ? end - 1 : end;
    }
}
