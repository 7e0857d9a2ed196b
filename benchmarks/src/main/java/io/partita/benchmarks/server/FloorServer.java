package io.partita.benchmarks.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The floor: an HTTP server on 127.0.0.1 (Netty's general HTTP codec and aggregator; the Partita server has its own
 * HTTP layer since) that answers every request with a fixed, valid DynamoDB response chosen by {@code X-Amz-Target},
 * doing no work at all — what the client and the loopback cost with a stock Netty HTTP server. Kept as it was, so
 * that its numbers stay comparable from run to run.
 */
final class FloorServer implements AutoCloseable {
    private final EventLoopGroup group = new NioEventLoopGroup();
    private final Channel channel;

    FloorServer(Map<String, String> bodies) throws InterruptedException {
        Handler handler = new Handler(bodies);
        channel = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 24), handler);
                    }
                })
                .bind(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0))
                .sync()
                .channel();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort());
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully().syncUninterruptibly();
    }

    @ChannelHandler.Sharable
    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final Map<String, byte[]> bodies = new java.util.HashMap<>();
        private final Map<String, String> crcs = new java.util.HashMap<>();

        Handler(Map<String, String> bodies) {
            bodies.forEach((op, body) -> {
                byte[] b = body.getBytes(StandardCharsets.UTF_8);
                CRC32 crc = new CRC32();
                crc.update(b);
                this.bodies.put("DynamoDB_20120810." + op, b);
                this.crcs.put("DynamoDB_20120810." + op, Long.toString(crc.getValue()));
            });
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            String target = request.headers().get("X-Amz-Target");
            byte[] body = bodies.getOrDefault(target, "{}".getBytes(StandardCharsets.UTF_8));
            FullHttpResponse r = new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
            r.headers()
                    .set("Content-Type", "application/x-amz-json-1.0")
                    .setInt("Content-Length", body.length)
                    .set("x-amzn-RequestId", "FLOOR")
                    .set("x-amz-crc32", crcs.getOrDefault(target, "0"));
            var unused = ctx.writeAndFlush(r);
        }
    }
}
