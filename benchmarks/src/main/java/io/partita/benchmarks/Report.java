package io.partita.benchmarks;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the core-vs-DynamoDB-Local set, the core's floors ({@link FloorBench}), the core's put and get with 2 and 4
 * threads, the core's 1k-vs-1M scaling set and the heap-per-item measurement in one go, with a short configuration
 * (1 fork, 5 x 1 s warm-up, 3 x 2 s measurement), and prints the ratios as Markdown tables.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.Report [--no-scaling] [--no-heap]
 *      [--no-threads] [--heap-items=200000] [JMH options, e.g. -wi 5 -i 5 -r 3s -f 2, or a benchmark regex]
 * </pre>
 * JMH options given on the command line win over the defaults above; a regex replaces the default selection.
 */
public final class Report {
    private static final String CORE = CoreBench.class.getName();
    private static final String DDB = DynamoDbLocalBench.class.getName();
    private static final String SCALING = CoreScalingBench.class.getName();
    private static final String FLOOR = FloorBench.class.getName();
    /** {@link CpuProfiler}'s secondary result, stored in the results map under the benchmark's key + this. */
    private static final String CPU = "cpu.time.norm";
    /** Thread counts of the concurrency set (1 thread comes from the main run). */
    private static final int[] THREADS = {2, 4};

    private Report() {}

    public static void main(String[] args) throws Exception {
        boolean scaling = true;
        boolean heap = true;
        boolean threads = true;
        int heapItems = 200_000;
        List<String> jmhArgs = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--no-scaling")) {
                scaling = false;
            } else if (a.equals("--no-heap")) {
                heap = false;
            } else if (a.equals("--no-threads")) {
                threads = false;
            } else if (a.startsWith("--heap-items=")) {
                heapItems = Integer.parseInt(a.substring("--heap-items=".length()));
            } else {
                jmhArgs.add(a);
            }
        }
        int status;
        try {
            status = run(jmhArgs.toArray(new String[0]), scaling, heap, threads, heapItems);
        } catch (CommandLineOptionException e) {
            System.err.println("bad JMH option: " + e.getMessage());
            status = 2;
        }
        System.exit(status);
    }

    private static int run(String[] jmhArgs, boolean scaling, boolean heap, boolean threads, int heapItems)
            throws CommandLineOptionException, RunnerException, IOException, InterruptedException {
        CommandLineOptions cmd = new CommandLineOptions(jmhArgs);
        ChainedOptionsBuilder opts = defaults(cmd);
        boolean defaultSelection = cmd.getIncludes().isEmpty();
        if (defaultSelection) {
            opts.include("^" + Pattern.quote(CORE) + "\\.");
            opts.include("^" + Pattern.quote(FLOOR) + "\\.");
            opts.include("^" + Pattern.quote(DDB) + "\\.");
            if (scaling) {
                opts.include("^" + Pattern.quote(SCALING) + "\\.");
            }
        }
        Collection<RunResult> results = new ArrayList<>(new Runner(opts.build()).run());
        // Concurrency: the core's put and get again with 2 and 4 threads (each thread its own keys), in this run.
        boolean threadSet = threads && defaultSelection && !cmd.getThreads().hasValue();
        if (threadSet) {
            for (int t : THREADS) {
                ChainedOptionsBuilder more = defaults(cmd);
                more.include("^" + Pattern.quote(CORE) + "\\.(putItem|getItem)$");
                more.threads(t);
                results.addAll(new Runner(more.build()).run());
            }
        }

        Map<String, Result<?>> byKey = new LinkedHashMap<>();
        for (RunResult r : results) {
            String n = r.getParams().getParam("n");
            int t = r.getParams().getThreads();
            String key = r.getParams().getBenchmark() + (n == null ? "" : "@" + n) + (t == 1 ? "" : "#" + t);
            byKey.put(key, r.getPrimaryResult());
            Result<?> cpu = r.getSecondaryResults().get(CPU);
            if (cpu != null) {
                byKey.put(key + CPU, cpu);
            }
        }

        StringBuilder out = new StringBuilder();
        table(out, byKey);
        floors(out, byKey);
        if (threadSet) {
            concurrency(out, byKey);
        }
        if (scaling) {
            scaling(out, byKey);
        }
        if (heap) {
            out.append("\n## Heap per stored item (core)\n\n");
            out.append(heapPerItem(heapItems));
        }
        out.append("\nJVM: ")
                .append(System.getProperty("java.vm.name"))
                .append(' ')
                .append(System.getProperty("java.runtime.version"))
                .append(", ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" cores; errors are JMH's 99.9% intervals.\n");
        System.out.println(out);
        return 0;
    }

    /** The command line's options over this report's short defaults (1 fork, 5 x 1 s warm-up, 3 x 2 s). */
    private static ChainedOptionsBuilder defaults(CommandLineOptions cmd) {
        ChainedOptionsBuilder opts = new OptionsBuilder().parent(cmd);
        if (!cmd.getForkCount().hasValue()) {
            opts.forks(1);
        }
        opts.addProfiler(CpuProfiler.class); // CPU ns/op next to ops/s: the shared machine's load moves it far less
        if (!cmd.getWarmupIterations().hasValue()) {
            opts.warmupIterations(5);
        }
        if (!cmd.getWarmupTime().hasValue()) {
            opts.warmupTime(TimeValue.seconds(1));
        }
        if (!cmd.getMeasurementIterations().hasValue()) {
            opts.measurementIterations(3);
        }
        if (!cmd.getMeasurementTime().hasValue()) {
            opts.measurementTime(TimeValue.seconds(2));
        }
        return opts;
    }

    private static void table(StringBuilder out, Map<String, Result<?>> byKey) {
        out.append("\n## Partita core vs DynamoDB Local 2.6.1 (in-process, SDK v2 client), one thread\n\n");
        out.append("| operation | items | core ops/s | DynamoDB Local ops/s | core / DDB Local | goal >= 100x |\n");
        out.append("|---|---:|---:|---:|---:|:---:|\n");
        for (String[] op : OPERATIONS) {
            for (String n : paramValues(byKey, op[0], CORE, DDB)) {
                Result<?> core = byKey.get(CORE + "." + op[0] + "@" + n);
                Result<?> ddb = byKey.get(DDB + "." + op[0] + "@" + n);
                Double ratio = core != null && ddb != null ? core.getScore() / ddb.getScore() : null;
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s |%n",
                        op[1],
                        n,
                        fmt(core),
                        fmt(ddb),
                        ratio == null ? "n/a" : String.format(Locale.ROOT, "%.0fx", ratio),
                        ratio == null ? "?" : ratio >= 100 ? "yes" : "NO"));
            }
        }
    }

    private static final String[][] OPERATIONS = {
        {"putItem", "PutItem"}, {"getItem", "GetItem"}, {"queryGsi", "Query GSI (10 items)"}
    };

    /** Core against its floor: the same entries in plain sorted maps ({@link FloorBench}), same run. */
    private static void floors(StringBuilder out, Map<String, Result<?>> byKey) {
        out.append("\n## Core vs its floor (the same entries in plain sorted maps, `FloorBench`), one thread\n\n");
        out.append("| operation | items | core ops/s | floor ops/s | floor / core | core CPU ns/op | floor CPU ns/op"
                + " | CPU core / floor | goal <= 2x |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|:---:|\n");
        for (String[] op : OPERATIONS) {
            for (String n : paramValues(byKey, op[0], CORE, FLOOR)) {
                String c = CORE + "." + op[0] + "@" + n;
                String f = FLOOR + "." + op[0] + "@" + n;
                Result<?> core = byKey.get(c);
                Result<?> floor = byKey.get(f);
                Double ratio = core != null && floor != null ? floor.getScore() / core.getScore() : null;
                Result<?> coreCpu = byKey.get(c + CPU);
                Result<?> floorCpu = byKey.get(f + CPU);
                Double cpuRatio = coreCpu != null && floorCpu != null ? coreCpu.getScore() / floorCpu.getScore() : null;
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                        op[1],
                        n,
                        fmt(core),
                        fmt(floor),
                        ratio == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", ratio),
                        cpu(coreCpu),
                        cpu(floorCpu),
                        cpuRatio == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", cpuRatio),
                        ratio == null ? "?" : ratio <= 2 ? "yes" : "NO"));
            }
        }
    }

    /** The core's put and get with 1, 2 and 4 threads, and the speed-up over one thread. */
    private static void concurrency(StringBuilder out, Map<String, Result<?>> byKey) {
        out.append("\n## Core concurrency: total ops/s with 1, 2 and 4 threads (");
        out.append(Runtime.getRuntime().availableProcessors()).append(" cores)\n\n");
        out.append("| operation | 1 thread | 2 threads | 4 threads | 2 / 1 | 4 / 1 | CPU ns/op at 1 / 2 / 4 threads"
                + " | goal 2 / 1 >= 1.7x |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|:---:|\n");
        for (String[] op : new String[][] {{"putItem", "PutItem"}, {"getItem", "GetItem"}}) {
            for (String n : paramValues(byKey, op[0], CORE)) {
                String key = CORE + "." + op[0] + "@" + n;
                Result<?> one = byKey.get(key);
                Result<?> two = byKey.get(key + "#2");
                Result<?> four = byKey.get(key + "#4");
                Double r2 = one != null && two != null ? two.getScore() / one.getScore() : null;
                Double r4 = one != null && four != null ? four.getScore() / one.getScore() : null;
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s | %s / %s / %s | %s |%n",
                        op[1],
                        fmt(one),
                        fmt(two),
                        fmt(four),
                        r2 == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", r2),
                        r4 == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", r4),
                        cpu(byKey.get(key + CPU)),
                        cpu(byKey.get(key + "#2" + CPU)),
                        cpu(byKey.get(key + "#4" + CPU)),
                        r2 == null ? "?" : r2 >= 1.7 ? "yes" : "NO"));
            }
        }
    }

    private static void scaling(StringBuilder out, Map<String, Result<?>> byKey) {
        out.append("\n## Core scaling: 1k vs 1M preloaded items\n\n");
        out.append("| operation | ops/s at 1k | ops/s at 1M | 1k / 1M | goal <= 2x |\n");
        out.append("|---|---:|---:|---:|:---:|\n");
        for (String[] op : new String[][] {{"putItem", "PutItem"}, {"queryGsi", "Query GSI (10 items)"}}) {
            Result<?> small = byKey.get(SCALING + "." + op[0] + "@1000");
            Result<?> large = byKey.get(SCALING + "." + op[0] + "@1000000");
            Double ratio = small != null && large != null ? small.getScore() / large.getScore() : null;
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s |%n",
                    op[1],
                    fmt(small),
                    fmt(large),
                    ratio == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", ratio),
                    ratio == null ? "?" : ratio <= 2 ? "yes" : "NO"));
        }
    }

    private static List<String> paramValues(Map<String, Result<?>> byKey, String method, String... classes) {
        List<String> values = new ArrayList<>();
        for (String key : byKey.keySet()) {
            for (String c : classes) {
                String prefix = c + "." + method + "@";
                if (key.startsWith(prefix)
                        && key.indexOf('#') < 0 // a multi-threaded result: the concurrency table reads those
                        && !key.endsWith(CPU)
                        && !values.contains(key.substring(prefix.length()))) {
                    values.add(key.substring(prefix.length()));
                }
            }
        }
        return values;
    }

    private static String cpu(Result<?> r) {
        return r == null ? "n/a" : String.format(Locale.ROOT, "%,.0f", r.getScore());
    }

    private static String fmt(Result<?> r) {
        if (r == null) {
            return "n/a";
        }
        double err = r.getScoreError();
        return Double.isNaN(err)
                ? String.format(Locale.ROOT, "%,.0f", r.getScore())
                : String.format(Locale.ROOT, "%,.0f ± %,.0f", r.getScore(), err);
    }

    /** Runs {@link HeapPerItem} in a fresh JVM (serial GC, fixed heap) so nothing of JMH's sits in the numbers. */
    private static String heapPerItem(int items) throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        ProcessBuilder pb = new ProcessBuilder(
                java,
                "-XX:+UseSerialGC",
                "-Xms3g",
                "-Xmx3g",
                "-cp",
                System.getProperty("java.class.path"),
                HeapPerItem.class.getName(),
                Integer.toString(items));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        StringBuilder text = new StringBuilder();
        String result = null;
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                System.out.println("[heap] " + line);
                if (line.startsWith("RESULT ")) {
                    result = line;
                } else {
                    text.append("    ").append(line).append('\n');
                }
            }
        }
        int exit = p.waitFor();
        if (result == null) {
            return "heap measurement failed (exit " + exit + "); see the [heap] lines above\n";
        }
        Matcher m = Pattern.compile("bytesPerItem=(\\d+) slope=(\\d+) inputMapBytes=(\\d+) accounted=(\\d+)")
                .matcher(result);
        if (!m.find()) {
            return "unexpected heap output: " + result + "\n";
        }
        double ratio = Double.parseDouble(m.group(1)) / Double.parseDouble(m.group(4));
        return String.format(
                Locale.ROOT,
                "**%s B per stored item** (average over %,d items; marginal %s B), for %d-byte items with 3 GSIs + 1 LSI;"
                        + " DynamoDB accounts %s B per item (item + index entries): heap / accounted = **%.2fx**"
                        + " (goal <= 2x: %s); one input item map alone retains %s B.%n%n%s",
                m.group(1),
                items,
                m.group(2),
                Workload.ITEM_SIZE,
                m.group(4),
                ratio,
                ratio <= 2 ? "yes" : "NO",
                m.group(3),
                text);
    }
}
