package io.partita.benchmarks;

import io.partita.Partita;
import io.partita.benchmarks.repository.BenchItem;
import io.partita.benchmarks.repository.BenchItemRepository;
import io.partita.storage.DurableOptions;
import io.partita.storage.Storage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a test suite sees: the first seconds of a fresh JVM. Forks {@code --runs} fresh JVMs one after the other; each
 * opens a core ({@code --core=memory}: {@code Storage.inMemory()}, or {@code durable}: {@code Storage.open} on a new
 * temporary directory), creates the {@link BenchItem} repository and for {@code --seconds} does put, get and top-10
 * GSI query through it in turn (a put of a new item, a get of an item put before, a query of a {@code g1pk} written
 * before), counting operations per 250 ms from the first statement of its {@code main}. The parent prints, per core,
 * the median operations in the first 2 s, the rate in each quarter second of them and the rate of the last 2 s of
 * the run (the same JVM warmed up), next to which the JMH steady state of {@link RepositoryBench} is read.
 *
 * <p>Command: {@code java -cp $B io.partita.benchmarks.FirstSeconds --runs=5 --seconds=8 --cores=memory,durable}.
 */
public final class FirstSeconds {
    private static final int SLOT_MILLIS = 250;
    private static final Pattern COMMA = Pattern.compile(",");
    private static final Pattern SPACE = Pattern.compile(" ");

    private FirstSeconds() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && args[0].equals("--child")) {
            Child.run(args[1], Integer.parseInt(args[2]));
            return;
        }
        int runs = 5;
        int seconds = 8;
        List<String> cores = List.of("memory", "durable");
        for (String a : args) {
            if (a.startsWith("--runs=")) {
                runs = Integer.parseInt(a.substring(7));
            } else if (a.startsWith("--seconds=")) {
                seconds = Math.max(4, Integer.parseInt(a.substring(10)));
            } else if (a.startsWith("--cores=")) {
                cores = List.of(COMMA.split(a.substring(8)));
            } else {
                throw new IllegalArgumentException(
                        "unknown option " + a + " (--runs=N --seconds=N --cores=memory,durable)");
            }
        }
        System.out.printf(
                "FirstSeconds: %d fresh JVMs per core, %d s each, load average %.2f%n", runs, seconds, load());
        for (String core : cores) {
            List<long[]> slots = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                slots.add(fork(core, seconds));
            }
            report(core, slots, seconds);
        }
    }

    private static double load() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static long[] fork(String core, int seconds) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-Xms1g",
                        "-Xmx1g",
                        "-cp",
                        System.getProperty("java.class.path"),
                        FirstSeconds.class.getName(),
                        "--child",
                        core,
                        String.valueOf(seconds))
                .redirectErrorStream(true)
                .start();
        String last = null;
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("slots ")) {
                    last = line;
                } else {
                    System.out.println("  child: " + line);
                }
            }
        }
        if (p.waitFor() != 0 || last == null) {
            throw new IllegalStateException("the child JVM failed (exit " + p.exitValue() + ")");
        }
        return Arrays.stream(SPACE.split(last.substring(6)))
                .mapToLong(Long::parseLong)
                .toArray();
    }

    private static void report(String core, List<long[]> runs, int seconds) {
        int first = 2000 / SLOT_MILLIS;
        int total = seconds * 1000 / SLOT_MILLIS;
        long[] firstTwo =
                runs.stream().mapToLong(s -> sum(s, 0, first)).sorted().toArray();
        long[] lastTwo = runs.stream()
                .mapToLong(s -> sum(s, total - first, total))
                .sorted()
                .toArray();
        long medianFirst = firstTwo[firstTwo.length / 2];
        long medianLast = lastTwo[lastTwo.length / 2];
        System.out.printf(
                "%s: first 2 s %,d ops (median of %d; %,d..%,d) = %,d ops/s; last 2 s of %d s %,d ops/s; first / last %.2f%n",
                core,
                medianFirst,
                runs.size(),
                firstTwo[0],
                firstTwo[firstTwo.length - 1],
                medianFirst / 2,
                seconds,
                medianLast / 2,
                (double) medianFirst / medianLast);
        StringBuilder quarters = new StringBuilder("  ops/s per quarter second of the first 2 s (median):");
        for (int i = 0; i < first; i++) {
            int at = i;
            long[] v = runs.stream().mapToLong(s -> s[at]).sorted().toArray();
            quarters.append(String.format(" %,d", v[v.length / 2] * 1000 / SLOT_MILLIS));
        }
        System.out.println(quarters);
    }

    private static long sum(long[] s, int from, int to) {
        long t = 0;
        for (int i = from; i < to && i < s.length; i++) {
            t += s[i];
        }
        return t;
    }

    /** One fresh JVM's run: the clock starts at the first statement of {@code main}. */
    static final class Child {
        private Child() {}

        static void run(String core, int seconds) throws IOException {
            long start = System.nanoTime();
            Path dir = core.equals("durable") ? Files.createTempDirectory("partita-first-seconds") : null;
            Storage storage = dir == null ? Storage.inMemory() : Storage.open(dir, DurableOptions.defaults());
            long[] slots = new long[seconds * 1000 / SLOT_MILLIS];
            try (Partita db = Partita.builder(storage).build()) {
                BenchItemRepository repo = BenchItemRepository.of(db);
                int n = 10_000;
                long written = 0;
                long end = start + seconds * 1_000_000_000L;
                long sink = 0;
                for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
                    BenchItem e = RepositoryBench.entity(written, n);
                    repo.put(e);
                    written++;
                    long k = ((written * 0x9E3779B97F4A7C15L) >>> 1) % written;
                    sink += repo.get(Workload.pk(k), Workload.sk(k)).isPresent() ? 1 : 0;
                    sink += repo.gsi1(e.g1pk())
                            .limit(Workload.QUERY_PAGE)
                            .list()
                            .size();
                    int slot = (int) ((now - start) / (SLOT_MILLIS * 1_000_000L));
                    slots[Math.min(slot, slots.length - 1)] += 3;
                }
                if (sink == 0) {
                    System.out.println("nothing read");
                }
            } finally {
                if (dir != null) {
                    DurableBench.delete(dir);
                }
            }
            StringBuilder out = new StringBuilder("slots");
            for (long s : slots) {
                out.append(' ').append(s);
            }
            System.out.println(out);
        }
    }
}
