package io.partita.benchmarks.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Locale;

/**
 * The machine's own floor for one connection: two processes exchange a request-sized and a response-sized message
 * over one blocking loopback socket pair, with no HTTP, no parsing and no event loop. Its round trips per second
 * bound what any server can answer at one connection here, below {@link RawServerBench}'s do-nothing Netty floor. Not
 * JMH (the answering side is a second process, as a server is):
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.server.LoopbackFloor serve 8939 &amp;
 * java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.server.LoopbackFloor measure 8939 [rounds=5]
 * </pre>
 */
public final class LoopbackFloor {
    /** About a signed GetItem's request and its response. */
    private static final int REQUEST_BYTES = 300;

    private static final int RESPONSE_BYTES = 200;
    private static final int EXCHANGES_PER_ROUND = 100_000;

    private LoopbackFloor() {}

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("serve")) {
            serve(port);
        } else {
            measure(port, args.length > 2 ? Integer.parseInt(args[2]) : 5);
        }
    }

    /** Answers one connection: every read is answered with a response-sized write, until the client closes. */
    private static void serve(int port) throws IOException {
        try (ServerSocket listener = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
                Socket socket = listener.accept()) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] buffer = new byte[4096];
            byte[] response = new byte[RESPONSE_BYTES];
            int received = 0;
            int read;
            while ((read = in.read(buffer)) > 0) {
                received += read;
                for (; received >= REQUEST_BYTES; received -= REQUEST_BYTES) {
                    out.write(response);
                }
            }
        }
    }

    private static void measure(int port, int rounds) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] request = new byte[REQUEST_BYTES];
            byte[] buffer = new byte[4096];
            for (int round = 0; round < rounds; round++) {
                long start = System.nanoTime();
                for (int i = 0; i < EXCHANGES_PER_ROUND; i++) {
                    out.write(request);
                    for (int got = 0; got < RESPONSE_BYTES; ) {
                        int read = in.read(buffer, 0, RESPONSE_BYTES - got);
                        if (read < 0) {
                            throw new IOException("the serving side closed the connection");
                        }
                        got += read;
                    }
                }
                long nanos = System.nanoTime() - start;
                System.out.printf(
                        Locale.ROOT,
                        "round %d: %.1f us per round trip, %.0f round trips/s%n",
                        round,
                        nanos / 1000.0 / EXCHANGES_PER_ROUND,
                        EXCHANGES_PER_ROUND * 1e9 / nanos);
            }
        }
    }
}
