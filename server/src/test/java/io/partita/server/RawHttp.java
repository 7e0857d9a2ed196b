package io.partita.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** HTTP/1.1 over a plain socket to 127.0.0.1: what a client library would not send, and answers read as they come. */
final class RawHttp {
    private RawHttp() {}

    /** One answer: status, headers (names in lower case) and body. */
    record Response(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** A connection to the server, with a 10 s read timeout (a test fails rather than hangs). */
    static Socket connect(PartitaServer server) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
        s.setSoTimeout(10_000);
        return s;
    }

    /** A complete DynamoDB request: {@code POST /} with {@code X-Amz-Target} and a Content-Length. */
    static byte[] request(String operation, String json) {
        return request(operation, json.getBytes(StandardCharsets.UTF_8));
    }

    /** As {@link #request(String, String)}, with a body of any bytes. */
    static byte[] request(String operation, byte[] body) {
        String head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810." + operation
                + "\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: " + body.length + "\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[h.length + body.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }

    /** Sends {@code operation} on {@code socket} and reads its answer. */
    static Response call(Socket socket, String operation, String json) throws IOException {
        socket.getOutputStream().write(request(operation, json));
        socket.getOutputStream().flush();
        return read(socket.getInputStream());
    }

    /** Reads one response (its body by Content-Length); throws when the connection ends first. */
    static Response read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed after " + head.size() + " bytes of a response head: "
                        + head.toString(StandardCharsets.US_ASCII));
            }
            head.write(c);
        }
        List<String> lines = List.of(head.toString(StandardCharsets.US_ASCII).split("\r\n", -1));
        String statusLine = lines.get(0);
        int afterVersion = statusLine.indexOf(' ') + 1;
        int status = Integer.parseInt(statusLine.substring(afterVersion, afterVersion + 3));
        Map<String, String> headers = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(
                        line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        line.substring(colon + 1).trim());
            }
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new IOException("connection closed after " + body.length + " of " + length + " body bytes");
        }
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }
}
