package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The server's own HTTP layer over a real socket: pipelining, keep-alive and close on HTTP/1.1 and 1.0, chunked
 * bodies, the health check, malformed heads and the header limit, each as a client sees it.
 */
class HttpFramingTest {
    private static final String SERIALIZATION = "com.amazonaws.dynamodb.v20120810#SerializationException";

    private static void send(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            ByteArrayOutputStream three = new ByteArrayOutputStream();
            three.writeBytes(RawHttp.request("ListTables", "{\"Limit\":1}"));
            three.writeBytes(RawHttp.request("DescribeTable", "{\"TableName\":\"NoSuchTableHere\"}"));
            three.writeBytes(RawHttp.request("ListTables", "{}"));
            s.getOutputStream().write(three.toByteArray());
            assertThat(RawHttp.read(s.getInputStream()).status()).isEqualTo(200);
            RawHttp.Response missing = RawHttp.read(s.getInputStream());
            assertThat(missing.status()).isEqualTo(400);
            assertThat(missing.body()).contains("ResourceNotFoundException");
            RawHttp.Response last = RawHttp.read(s.getInputStream());
            assertThat(last.status()).isEqualTo(200);
            assertThat(last.header("connection")).isNull();
        }
    }

    @Test
    void connectionCloseIsAnsweredThenClosed() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            send(
                    s,
                    "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\nConnection: close\r\n"
                            + "Content-Length: 2\r\n\r\n{}");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("connection")).isEqualTo("close");
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void http10ClosesUnlessAskedToKeepAlive() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            send(
                    s,
                    "POST / HTTP/1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\nConnection: keep-alive\r\n"
                            + "Content-Length: 2\r\n\r\n{}");
            assertThat(RawHttp.read(s.getInputStream()).header("connection")).isNull();
            send(s, "POST / HTTP/1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("connection")).isEqualTo("close");
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void aChunkedBodyIsServed() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            send(
                    s,
                    "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + "5\r\n{\"Lim\r\n6\r\nit\":1}\r\n0\r\n\r\n");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).startsWith("{\"TableNames\":[");
            assertThat(RawHttp.call(s, "ListTables", "{}").status()).isEqualTo(200); // and the connection goes on
        }
    }

    @Test
    void aMalformedRequestLineGetsA400AndAClose() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            send(s, "POST / HTTP/9.9\r\nContent-Length: 2\r\n\r\n{}");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body())
                    .isEqualTo("{\"__type\":\"" + SERIALIZATION + "\",\"message\":\"Malformed HTTP request: "
                            + "the request line is not 'METHOD target HTTP/1.1'\"}");
            assertThat(r.header("connection")).isEqualTo("close");
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void aHeaderSectionOverTheLimitGetsA400AndAClose() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            // the last byte passes the limit: the server has read everything when it answers, so its close is clean
            send(s, "POST / HTTP/1.1\r\nX-Big: " + "x".repeat(RequestDecoder.MAX_HEADERS + 2 - 7));
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body()).contains("Malformed HTTP request: the header section is larger than 16384 bytes");
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void theHealthCheckIsPlainText() throws Exception {
        try (Socket s = RawHttp.connect(TestServer.server())) {
            send(s, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("content-type")).isEqualTo("text/plain");
            assertThat(r.body()).isEqualTo("healthy: partita-server ");
            assertThat(r.header("x-amzn-requestid")).matches("[A-Z0-9]{52}");
        }
    }
}
