package io.partita.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RequestDecoder} alone, on an embedded channel: the same requests whatever how their bytes are split (one
 * byte at a time, and random splits with a printed seed), pipelined requests in order, chunked bodies, the limits,
 * and malformed heads.
 */
class RequestDecoderTest {
    private static final int MAX = 1000;

    /** Two pipelined requests, a Content-Length one and a chunked one, then a GET over HTTP/1.0. */
    private static final String STREAM = "\r\nPOST / HTTP/1.1\r\nHost: a\r\nX-Amz-Target: DynamoDB_20120810.GetItem\r\n"
            + "Content-Type: application/x-amz-json-1.0\r\nX-Amz-Date:   20261128T000000Z  \r\nContent-Length: 12\r\n\r\n"
            + "{\"a\":\"body\"}"
            + "POST /x?q=1 HTTP/1.1\nhost: b\ntransfer-encoding: chunked\nconnection: close\n\n"
            + "5;ext=1\r\n{\"a\":\r\n7\r\n\"chunk\"\r\n1\n}\n0\r\nTrailer: t\r\n\r\n"
            + "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";

    /** The decoder, and behind it what keeps each request past its hand-off (as the handler does when it waits). */
    private static EmbeddedChannel channel() {
        return new EmbeddedChannel(new RequestDecoder(MAX), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ctx.fireChannelRead(((Request) msg).keep());
            }
        });
    }

    private static ByteBuf bytes(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    private static List<Request> feed(EmbeddedChannel ch, byte[] all, int[] cuts) {
        int from = 0;
        for (int cut : cuts) {
            ch.writeInbound(Unpooled.wrappedBuffer(all, from, cut - from));
            from = cut;
        }
        ch.writeInbound(Unpooled.wrappedBuffer(all, from, all.length - from));
        List<Request> out = new ArrayList<>();
        Request r;
        while ((r = ch.readInbound()) != null) {
            out.add(r);
        }
        return out;
    }

    private static void assertTheStream(List<Request> requests) {
        assertThat(requests).hasSize(3);
        Request get = requests.get(0);
        assertThat(get.failure()).isNull();
        assertThat(get.isPost()).isTrue();
        assertThat(get.uriIsRoot()).isTrue();
        assertThat(get.keepAlive()).isTrue();
        assertThat(get.header("x-amz-target")).isEqualTo("DynamoDB_20120810.GetItem");
        assertThat(get.header("X-AMZ-DATE")).isEqualTo("20261128T000000Z");
        assertThat(get.headerIs("content-type", ContentTypes.JSON_10.getBytes(StandardCharsets.US_ASCII)))
                .isTrue();
        assertThat(get.content().toString(StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"body\"}");
        Request chunked = requests.get(1);
        assertThat(chunked.uri()).isEqualTo("/x?q=1");
        assertThat(chunked.uriIsRoot()).isFalse();
        assertThat(chunked.keepAlive()).isFalse();
        assertThat(chunked.headers("Host")).containsExactly("b");
        assertThat(chunked.content().toString(StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"chunk\"}");
        Request health = requests.get(2);
        assertThat(health.isGet()).isTrue();
        assertThat(health.keepAlive()).isTrue();
        assertThat(health.content().readableBytes()).isZero();
        requests.forEach(Request::release);
    }

    @Test
    void wholeAndOneByteAtATimeGiveTheSameRequests() {
        byte[] all = STREAM.getBytes(StandardCharsets.ISO_8859_1);
        assertTheStream(feed(channel(), all, new int[0]));
        int[] everyByte = new int[all.length - 1];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = i + 1;
        }
        assertTheStream(feed(channel(), all, everyByte));
    }

    @Test
    void everySplitPointGivesTheSameRequests() {
        byte[] all = STREAM.getBytes(StandardCharsets.ISO_8859_1);
        for (int cut = 1; cut < all.length; cut++) {
            assertTheStream(feed(channel(), all, new int[] {cut}));
        }
    }

    @Test
    void randomSplitsGiveTheSameRequests() {
        long seed = new Random().nextLong();
        System.out.println("RequestDecoderTest.randomSplitsGiveTheSameRequests seed: " + seed);
        Random random = new Random(seed);
        byte[] all = STREAM.getBytes(StandardCharsets.ISO_8859_1);
        for (int round = 0; round < 200; round++) {
            List<Integer> cuts = new ArrayList<>();
            for (int at = 1 + random.nextInt(40); at < all.length; at += 1 + random.nextInt(40)) {
                cuts.add(at);
            }
            assertTheStream(feed(
                    channel(), all, cuts.stream().mapToInt(Integer::intValue).toArray()));
        }
    }

    @Test
    void aRequestNotKeptBorrowsTheHeadThatTheNextRequestReuses() {
        EmbeddedChannel ch = new EmbeddedChannel(new RequestDecoder(MAX));
        ch.writeInbound(
                bytes("POST / HTTP/1.1\r\nX-Amz-Target: first\r\n\r\nPOST / HTTP/1.1\r\nX-Amz-Target: again\r\n\r\n"));
        Request first = ch.readInbound();
        Request second = ch.readInbound();
        assertThat(second.header("x-amz-target")).isEqualTo("again");
        assertThat(first.header("x-amz-target")).isEqualTo("again"); // overwritten: it was not kept
    }

    @Test
    void aBodyThatArrivedWholeIsASliceOfTheBytesRead() {
        EmbeddedChannel ch = channel();
        ByteBuf in = bytes("POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}");
        ch.writeInbound(in);
        Request r = ch.readInbound();
        assertThat(r.content().unwrap()).isSameAs(in);
        r.release();
        assertThat(in.refCnt()).isZero();
    }

    @Test
    void expectContinueIsAnsweredBeforeTheBody() {
        EmbeddedChannel ch = channel();
        ch.writeInbound(bytes("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"));
        ByteBuf written = ch.readOutbound();
        assertThat(written.toString(StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
        written.release();
        Object early = ch.readInbound();
        assertThat(early).isNull();
        ch.writeInbound(bytes("{}"));
        Request r = ch.readInbound();
        assertThat(r.content().toString(StandardCharsets.UTF_8)).isEqualTo("{}");
        r.release();
    }

    @Test
    void aContentLengthOverTheLimitIsRefusedBeforeTheBody() {
        assertRefused(
                "POST / HTTP/1.1\r\nContent-Length: 1001\r\n\r\n",
                "HTTP/1.1 413 Request Entity Too Large",
                "Request size 1001 exceeded 1000 bytes");
    }

    @Test
    void aChunkedBodyIsRefusedOnceItPassesTheLimit() {
        assertRefused(
                "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1f4\r\n" + "x".repeat(500) + "\r\n1f5\r\n",
                "HTTP/1.1 413 Request Entity Too Large",
                "Request size exceeded 1000 bytes");
    }

    @Test
    void anUnknownExpectationIsRefused() {
        assertRefused(
                "POST / HTTP/1.1\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n{}",
                "HTTP/1.1 417 Expectation Failed",
                "Unsupported Expect header value 'teapot': only 100-continue is supported");
    }

    private static void assertRefused(String input, String statusLine, String message) {
        EmbeddedChannel ch = channel();
        ch.writeInbound(bytes(input + "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"));
        Object after = ch.readInbound();
        assertThat(after).isNull(); // what follows a refusal is dropped
        ByteBuf written = ch.readOutbound();
        String answer = written.toString(StandardCharsets.UTF_8);
        written.release();
        assertThat(answer).startsWith(statusLine + "\r\n").contains("\r\nconnection: close\r\n");
        assertThat(answer).endsWith("\"message\":\"" + message + "\"}");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void malformedHeadsAreMalformedRequests() {
        assertMalformed("POST /\r\n\r\n", "the request line is not 'METHOD target HTTP/1.1'");
        assertMalformed("POST / HTTP/2.0\r\n\r\n", "the request line is not 'METHOD target HTTP/1.1'");
        assertMalformed("POST  / HTTP/1.1\r\n\r\n", "the request line is not 'METHOD target HTTP/1.1'");
        assertMalformed("PO(ST / HTTP/1.1\r\n\r\n", "the request line is not 'METHOD target HTTP/1.1'");
        assertMalformed("POST / HTTP/1.1\r\nNoColon\r\n\r\n", "a header line is not 'Name: value'");
        assertMalformed("POST / HTTP/1.1\r\n: v\r\n\r\n", "a header line is not 'Name: value'");
        assertMalformed(
                "POST / HTTP/1.1\r\nBad Name: v\r\n\r\n",
                "a header name holds a character that is not allowed (byte 0x20)");
        assertMalformed("POST / HTTP/1.1\r\nA: b\r\n c\r\n\r\n", "obsolete line folding in a header is not supported");
        assertMalformed(
                "POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n", "Content-Length '1x' is not a number of bytes");
        assertMalformed(
                "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                "two different Content-Length values");
        assertMalformed(
                "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "a chunk size is not a hexadecimal number of bytes");
        assertMalformed(
                "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n",
                "a chunk's data is longer than its size");
    }

    @Test
    void theLineAndHeaderLimitsHold() {
        String line = "POST /" + "a".repeat(RequestDecoder.MAX_LINE) + " HTTP/1.1\r\n";
        assertMalformed(line, "the request line is larger than 4096 bytes");
        assertMalformed(line + "\r\n", "the request line is larger than 4096 bytes");
        String longHeader = "X: " + "v".repeat(RequestDecoder.MAX_HEADERS) + "\r\n";
        assertMalformed("POST / HTTP/1.1\r\n" + longHeader, "the header section is larger than 16384 bytes");
        assertMalformed("POST / HTTP/1.1\r\n" + longHeader + "\r\n", "the header section is larger than 16384 bytes");
        // just within both limits
        String fits = "POST /" + "a".repeat(RequestDecoder.MAX_LINE - 15) + " HTTP/1.1\r\nX: "
                + "v".repeat(RequestDecoder.MAX_HEADERS - 3) + "\r\n\r\n";
        EmbeddedChannel ch = channel();
        ch.writeInbound(bytes(fits));
        Request r = ch.readInbound();
        assertThat(r.failure()).isNull();
        r.release();
    }

    private static void assertMalformed(String input, String why) {
        EmbeddedChannel ch = channel();
        ch.writeInbound(bytes(input));
        Request r = ch.readInbound();
        assertThat(r).as(input).isNotNull();
        assertThat(r.failure()).as(input).isEqualTo(why);
        assertThat(r.keepAlive()).isFalse();
        ch.writeInbound(bytes("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"));
        Object after = ch.readInbound();
        assertThat(after).isNull(); // what follows is dropped
        ch.finishAndReleaseAll();
    }
}
