package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;

/**
 * What is not a well-formed request, over a real socket on 127.0.0.1: each gets a DynamoDB-style JSON error at once
 * (never an empty body, never silence until the idle timeout) and, where the connection cannot go on, a close.
 */
class MalformedRequestTest {
    private static final String TOO_LARGE = "com.amazonaws.dynamodb.v20120810#RequestEntityTooLarge";
    private static final String SERIALIZATION = "com.amazonaws.dynamodb.v20120810#SerializationException";
    private static final int LIMIT = PartitaServer.Options.DEFAULT_MAX_REQUEST_BYTES;

    private static Socket connect() throws IOException {
        return RawHttp.connect(TestServer.server()); // idle timeout 60 s, read timeout 10 s: silence fails the test
    }

    private static void send(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
    }

    private static void assertJsonError(RawHttp.Response r, int status, String type, String message) {
        assertThat(r.status()).isEqualTo(status);
        assertThat(r.header("content-type")).isEqualTo("application/x-amz-json-1.0");
        assertThat(r.body()).isEqualTo("{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"}");
    }

    private static void assertClosedAfter(Socket s, RawHttp.Response r) throws IOException {
        assertThat(r.header("connection")).isEqualToIgnoringCase("close");
        assertThat(s.getInputStream().read()).isEqualTo(-1);
    }

    @Test
    void expectContinueWithATooLargeContentLengthGetsAJson413() throws Exception {
        try (Socket s = connect()) {
            long claimed = 17L * 1024 * 1024;
            send(
                    s,
                    "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nExpect: 100-continue\r\nContent-Length: "
                            + claimed
                            + "\r\n\r\n");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertJsonError(r, 413, TOO_LARGE, "Request size " + claimed + " exceeded " + LIMIT + " bytes");
            assertClosedAfter(s, r);
        }
    }

    @Test
    void expectContinueWithinTheLimitGetsContinueThenTheAnswer() throws Exception {
        try (Socket s = connect()) {
            send(
                    s,
                    "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
            assertThat(RawHttp.read(s.getInputStream()).status()).isEqualTo(100);
            send(s, "{}");
            assertThat(RawHttp.read(s.getInputStream()).status()).isEqualTo(200);
        }
    }

    @Test
    void aChunkedBodyOverTheLimitGetsAJson413() throws Exception {
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try (Socket s = connect()) {
            send(
                    s,
                    "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nTransfer-Encoding: chunked\r\n\r\n");
            // 17 MiB in 64 KiB chunks, from another thread: the server answers (and closes) before it has all
            CompletableFuture<Void> body = CompletableFuture.runAsync(
                    () -> {
                        byte[] chunk = new byte[64 * 1024];
                        Arrays.fill(chunk, (byte) 'x');
                        try {
                            OutputStream out = s.getOutputStream();
                            for (int i = 0; i < 17 * 16; i++) {
                                out.write((Integer.toHexString(chunk.length) + "\r\n")
                                        .getBytes(StandardCharsets.US_ASCII));
                                out.write(chunk);
                                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                            }
                            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                        } catch (IOException closedByTheServer) {
                            // expected once the server has answered
                        }
                    },
                    writer);
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertJsonError(r, 413, TOO_LARGE, "Request size exceeded " + LIMIT + " bytes");
            assertThat(r.header("connection")).isEqualToIgnoringCase("close");
            body.get(10, TimeUnit.SECONDS);
        } finally {
            writer.shutdownNow();
        }
    }

    @Test
    void anUnknownExpectationGetsAJson417() throws Exception {
        try (Socket s = connect()) {
            send(
                    s,
                    "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertJsonError(
                    r,
                    417,
                    "com.amazonaws.dynamodb.v20120810#ValidationException",
                    "Unsupported Expect header value 'teapot': only 100-continue is supported");
            assertClosedAfter(s, r);
        }
    }

    @Test
    void nulBytesGetA400AndAClose() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(new byte[100]);
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertJsonError(
                    r, 400, SERIALIZATION, "Malformed HTTP request: expected an HTTP request line, got byte 0x00");
            assertClosedAfter(s, r);
        }
    }

    @Test
    void aTlsClientHelloGetsA400ThatSaysToUsePlainHttp() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(clientHello());
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertJsonError(
                    r,
                    400,
                    SERIALIZATION,
                    "Malformed HTTP request: this looks like a TLS handshake, but the endpoint serves plain HTTP"
                            + " (use http://, not https://)");
            assertClosedAfter(s, r);
        }
    }

    @Test
    void emptyLinesBeforeARequestLineAreAllowed() throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(RawHttp.call(s, "ListTables", "{}").status()).isEqualTo(200);
        }
    }

    /** The first flight of a JDK TLS client: a handshake record holding its ClientHello. */
    private static byte[] clientHello() throws Exception {
        SSLEngine engine = SSLContext.getDefault().createSSLEngine("127.0.0.1", 443);
        engine.setUseClientMode(true);
        engine.beginHandshake();
        ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        engine.wrap(ByteBuffer.allocate(0), out);
        out.flip();
        byte[] hello = new byte[out.remaining()];
        out.get(hello);
        assertThat(hello[0]).isEqualTo((byte) 0x16);
        return hello;
    }
}
