package io.partita.benchmarks.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

/**
 * A load generator's connection that costs next to nothing itself: one keep-alive HTTP/1.1 socket to 127.0.0.1,
 * requests written as pre-built bytes, responses read by scanning once for the end of the headers (each byte
 * looked at once, however the answer arrives) and reading the {@code Content-Length} at the start of a header
 * line, with no parsing of the body beyond its length and nothing allocated per request. One per benchmark thread.
 */
final class RawConnection implements AutoCloseable {
    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private byte[] buffer = new byte[1 << 16];

    RawConnection(URI endpoint) throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()));
        out = socket.getOutputStream();
        in = socket.getInputStream();
    }

    /** Sends one pre-built request and reads its whole response; returns the response's body length. */
    int exchange(byte[] request) throws IOException {
        out.write(request);
        out.flush();
        int filled = 0;
        int scanned = 0;
        int headerEnd = -1;
        while (headerEnd < 0) {
            int from = Math.max(scanned, 3);
            filled = fill(filled);
            headerEnd = headerEnd(from, filled);
            scanned = filled;
        }
        if (buffer[9] != '2') {
            throw new IOException("not a 2xx answer: "
                    + new String(buffer, 0, headerEnd, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        int length = contentLength(headerEnd);
        int total = headerEnd + length;
        while (filled < total) {
            filled = fill(filled);
        }
        if (filled != total) {
            throw new IOException("the server sent " + (filled - total) + " bytes past the response");
        }
        return length;
    }

    private int fill(int filled) throws IOException {
        if (filled == buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, filled, buffer.length - filled);
        if (n < 0) {
            throw new IOException("the server closed the connection");
        }
        return filled + n;
    }

    /** The offset just past "\r\n\r\n" (searched for from {@code from}), or -1 while the headers are incomplete. */
    private int headerEnd(int from, int filled) {
        for (int i = from; i < filled; i++) {
            if (buffer[i] == '\n' && buffer[i - 1] == '\r' && buffer[i - 2] == '\n' && buffer[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    private int contentLength(int headerEnd) throws IOException {
        outer:
        for (int i = lineAfter(0, headerEnd); i + CONTENT_LENGTH.length < headerEnd; i = lineAfter(i, headerEnd)) {
            for (int j = 0; j < CONTENT_LENGTH.length; j++) {
                if (Character.toLowerCase(buffer[i + j]) != CONTENT_LENGTH[j]) {
                    continue outer;
                }
            }
            int k = i + CONTENT_LENGTH.length;
            while (buffer[k] == ' ') {
                k++;
            }
            int value = 0;
            while (buffer[k] >= '0' && buffer[k] <= '9') {
                value = value * 10 + buffer[k++] - '0';
            }
            return value;
        }
        throw new IOException("a response without Content-Length (chunked answers are not expected here)");
    }

    /** Where the header line after the one holding {@code i} starts. */
    private int lineAfter(int i, int headerEnd) {
        int k = i;
        while (k < headerEnd && buffer[k] != '\n') {
            k++;
        }
        return k + 1;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
