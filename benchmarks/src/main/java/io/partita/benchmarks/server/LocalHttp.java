package io.partita.benchmarks.server;

import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBRequestHandler;
import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBServerHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * DynamoDB Local 2.6.1's own HTTP server ({@code -inMemory -sharedDb}: its Jetty handler and request handler),
 * on a Jetty server bound to 127.0.0.1 — its command line has no bind option and would listen on all interfaces.
 */
final class LocalHttp implements AutoCloseable {
    private final LocalDynamoDBRequestHandler requests;
    private final Server jetty;

    LocalHttp() throws Exception {
        requests = new LocalDynamoDBRequestHandler(0, true, null, true, false);
        LocalDynamoDBServerHandler handler = new LocalDynamoDBServerHandler(requests, null);
        jetty = new Server(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0));
        jetty.setHandler(new DynamoDBProxyServer(0, handler).setUpHandler(handler));
        jetty.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + ((ServerConnector) jetty.getConnectors()[0]).getLocalPort());
    }

    @Override
    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("could not stop DynamoDB Local's HTTP server", e);
        } finally {
            requests.shutdown();
        }
    }
}
