package io.partita.server;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Server start to first answered request, measured from outside: launches {@code java -jar partita-server.jar}
 * (bound to 127.0.0.1 on a free port) and sends ListTables every millisecond until one is answered with 200;
 * the wall time from process launch is one sample. Not a JUnit test: {@code java -cp server/target/test-classes
 * io.partita.server.StartupTime server/target/partita-server.jar [runs] [extra JVM flags...]}.
 */
public final class StartupTime {
    private StartupTime() {}

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "server/target/partita-server.jar";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> flags = args.length > 2 ? Arrays.asList(args).subList(2, args.length) : List.of();
        long[] samples = new long[runs];
        for (int r = 0; r < runs; r++) {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(flags);
            cmd.addAll(List.of("-jar", jar, "--port", Integer.toString(port)));
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                while (!answered(port)) {
                    if (!p.isAlive()) {
                        throw new IllegalStateException("server exited with " + p.exitValue());
                    }
                    Thread.sleep(1);
                }
                samples[r] = System.nanoTime() - t0;
            } finally {
                p.destroy();
                p.waitFor();
            }
        }
        Arrays.sort(samples);
        System.out.printf(
                "start to first answered request over %d runs: median %d ms, min %d ms, max %d ms%n",
                runs, samples[runs / 2] / 1_000_000, samples[0] / 1_000_000, samples[runs - 1] / 1_000_000);
    }

    private static boolean answered(int port) {
        try (Socket s = new Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] head = in.readNBytes(12);
            return new String(head, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 200");
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
