package io.partita.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Server start to first answered request, measured from outside: launches a server command on a free port and sends
 * ListTables every millisecond until one is answered with 200. One sample is the wall time from process launch, the
 * CPU time the process has used by then (all its threads: JIT, GC, class loading; to the nanosecond on Linux, see
 * {@link #cpuMs}) and its peak resident memory then
 * (Linux's {@code VmHWM}; 0 elsewhere). Not a JUnit test:
 *
 * <pre>
 * java -cp server/target/test-classes io.partita.server.StartupTime server/target/partita-server.jar [runs] [JVM flags...]
 * java -cp server/target/test-classes io.partita.server.StartupTime [runs] -- COMMAND... [-- COMMAND...]
 * </pre>
 *
 * In the second form {@code {port}} in a command is replaced by the free port; several commands run in turn (A B A B
 * ...), and each command's ratio to the first is taken run by run, so a machine whose speed drifts (other
 * processes) moves both sides of a ratio alike. CPU time and peak memory depend far less on that load than wall time.
 */
public final class StartupTime {
    private StartupTime() {}

    /** One start: milliseconds of wall time and CPU time to the first answer, peak resident KiB. */
    record Sample(long wallMs, long cpuMs, long peakKib) {}

    public static void main(String[] args) throws Exception {
        int runs = 5;
        List<List<String>> commands = new ArrayList<>();
        int dashes = Arrays.asList(args).indexOf("--");
        if (dashes < 0) {
            String jar = args.length > 0 ? args[0] : "server/target/partita-server.jar";
            runs = args.length > 1 ? Integer.parseInt(args[1]) : runs;
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(Arrays.asList(args).subList(Math.min(2, args.length), args.length));
            cmd.addAll(List.of("-jar", jar, "--port", "{port}"));
            commands.add(cmd);
        } else {
            runs = dashes > 0 ? Integer.parseInt(args[0]) : runs;
            List<String> current = null;
            for (String a : Arrays.asList(args).subList(dashes, args.length)) {
                if (a.equals("--")) {
                    current = new ArrayList<>();
                    commands.add(current);
                } else {
                    current.add(a);
                }
            }
        }
        System.out.printf("load average before: %.2f%n", loadAverage());
        Sample[][] samples = new Sample[commands.size()][runs];
        for (int r = 0; r < runs; r++) {
            for (int c = 0; c < commands.size(); c++) {
                samples[c][r] = start(commands.get(c));
            }
        }
        System.out.printf("load average after: %.2f; %d runs, median (min-max)%n", loadAverage(), runs);
        for (int c = 0; c < commands.size(); c++) {
            report(String.join(" ", commands.get(c)), samples[c], c == 0 ? null : samples[0]);
        }
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** Starts {@code command}, waits for its first answer, samples it, stops it. */
    static Sample start(List<String> command) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>();
        for (String part : command) {
            cmd.add(part.replace("{port}", Integer.toString(port)));
        }
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            CompletableFuture<Process> exited = p.onExit();
            while (!answered(port)) {
                // the child is another process: its port is polled, each pause a millisecond's wait for its exit
                // (which ends the wait at once), so the poll's own CPU stays off the cores being measured
                try {
                    exited.get(1, TimeUnit.MILLISECONDS);
                    throw new IllegalStateException(cmd + " exited with " + p.exitValue());
                } catch (TimeoutException stillRunning) {
                    // not answering yet: poll again
                } catch (ExecutionException e) {
                    throw new IllegalStateException(cmd + " could not be watched", e);
                }
            }
            long wall = System.nanoTime() - t0;
            long cpu = cpuMs(p);
            return new Sample(wall / 1_000_000, cpu, peakKib(p.pid()));
        } finally {
            p.destroy();
            p.waitFor();
        }
    }

    /**
     * The CPU time a process has used, in milliseconds: on Linux the sum of its threads' run times in nanoseconds
     * ({@code /proc/PID/task/TID/schedstat}; the process's own figure, {@link ProcessHandle.Info#totalCpuDuration},
     * counts in clock ticks of 10 ms, too coarse to tell two starts of ~400 ms apart), elsewhere the JDK's figure.
     */
    static long cpuMs(Process p) throws IOException {
        Path tasks = Path.of("/proc", Long.toString(p.pid()), "task");
        if (!Files.isDirectory(tasks)) {
            return p.info().totalCpuDuration().orElse(Duration.ZERO).toMillis();
        }
        long ns = 0;
        try (var threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                ns += runNanos(thread);
            }
        }
        return ns / 1_000_000;
    }

    /** A thread's time on a CPU so far, in nanoseconds; 0 when it ended between the listing and the read. */
    private static long runNanos(Path thread) {
        try {
            String stat = Files.readString(thread.resolve("schedstat"));
            return Long.parseLong(stat.substring(0, stat.indexOf(' ')));
        } catch (IOException e) {
            return 0;
        }
    }

    /** Linux's peak resident set of a process ({@code VmHWM}), in KiB; 0 where there is no /proc. */
    private static long peakKib(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isReadable(status)) {
            return 0;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return 0;
    }

    private static void report(String command, Sample[] samples, Sample[] baseline) {
        int n = samples.length;
        long[] wall = new long[n];
        long[] cpu = new long[n];
        long[] peak = new long[n];
        double[] wallRatio = new double[n];
        double[] cpuRatio = new double[n];
        for (int i = 0; i < n; i++) {
            wall[i] = samples[i].wallMs();
            cpu[i] = samples[i].cpuMs();
            peak[i] = samples[i].peakKib() / 1024;
            if (baseline != null) {
                wallRatio[i] = (double) wall[i] / Math.max(1, baseline[i].wallMs());
                cpuRatio[i] = (double) cpu[i] / Math.max(1, baseline[i].cpuMs());
            }
        }
        System.out.println(command.length() > 150 ? command.substring(0, 147) + "..." : command);
        System.out.printf(
                "  first answer %s ms, CPU %s ms, peak RSS %s MiB%n", spread(wall), spread(cpu), spread(peak));
        if (baseline != null) {
            Arrays.sort(wallRatio);
            Arrays.sort(cpuRatio);
            System.out.printf(
                    "  this / the first command, run by run: wall %.2fx, CPU %.2fx (medians)%n",
                    wallRatio[n / 2], cpuRatio[n / 2]);
        }
    }

    private static String spread(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2] + " (" + v[0] + "-" + v[v.length - 1] + ")";
    }

    private static boolean answered(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                            + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\nConnection: close\r\n"
                            + "Authorization: AWS4-HMAC-SHA256 Credential=key/20260101/us-east-1/dynamodb/aws4_request,"
                            + " SignedHeaders=host, Signature=0\r\n\r\n{}")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] head = in.readNBytes(12);
            return new String(head, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 200");
        } catch (IOException e) {
            return false;
        }
    }
}
