package io.partita.benchmarks.mapping;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Issue 3's measurements in one go, printed as Markdown: {@link MappingBench} (1 fork, 3 x 1 s warm-up, 5 x 1 s
 * measurement, one thread, {@code -prof gc}), {@code --rounds} (3) times, with the Partita / Enhanced Client ratios of
 * every round and their median, then
 * {@link ColdStart} ({@code --cold-runs}, 15), then {@link CompileTime} (200 entities, 7 runs; needs
 * {@code target/compile-classpath.txt} from {@code mvn package}).
 *
 * <pre>
 * java -cp benchmarks/mapping/target/mapping-benchmarks.jar io.partita.benchmarks.mapping.Report
 *      [--no-jmh] [--no-cold] [--no-compile] [--rounds=3] [--cold-runs=15] [--compile-runs=7]
 *      [--classpath-file=benchmarks/mapping/target/compile-classpath.txt] [JMH options, e.g. -wi 5 -i 10 -f 2]
 * </pre>
 */
public final class Report {
    private static final String BENCH = MappingBench.class.getName();

    private Report() {}

    public static void main(String[] args) throws Exception {
        boolean jmh = true;
        boolean cold = true;
        boolean compile = true;
        int coldRuns = 15;
        int compileRuns = 7;
        int rounds = 3;
        String cpFile = "benchmarks/mapping/target/compile-classpath.txt";
        List<String> jmhArgs = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--no-jmh")) {
                jmh = false;
            } else if (a.equals("--no-cold")) {
                cold = false;
            } else if (a.equals("--no-compile")) {
                compile = false;
            } else if (a.startsWith("--cold-runs=")) {
                coldRuns = Integer.parseInt(a.substring(12));
            } else if (a.startsWith("--rounds=")) {
                rounds = Integer.parseInt(a.substring(9));
            } else if (a.startsWith("--compile-runs=")) {
                compileRuns = Integer.parseInt(a.substring(15));
            } else if (a.startsWith("--classpath-file=")) {
                cpFile = a.substring(17);
            } else {
                jmhArgs.add(a);
            }
        }
        StringBuilder out = new StringBuilder();
        if (jmh) {
            out.append(mapping(jmhArgs.toArray(new String[0]), rounds));
        }
        if (cold) {
            out.append(ColdStart.table(
                    ColdStart.run(coldRuns, new ArrayList<>(ColdStart.VARIANTS.keySet()), List.of()),
                    coldRuns,
                    List.of()));
        }
        System.out.println(out);
        if (compile) {
            if (Files.exists(Path.of(cpFile))) {
                CompileTime.main(new String[] {"--classpath-file=" + cpFile, "--runs=" + compileRuns});
            } else {
                System.out.println("(compile time skipped: " + cpFile + " not found; run from the repository root after"
                        + " mvn package, or pass --classpath-file=)");
            }
        }
        System.out.println(
                "JVM: " + System.getProperty("java.vm.name") + ' ' + System.getProperty("java.runtime.version") + ", "
                        + Runtime.getRuntime().availableProcessors() + " cores; errors are JMH's 99.9% intervals.");
        System.exit(0);
    }

    /**
     * Runs the four benchmarks {@code rounds} times (one JMH run per round, each benchmark in its own fork) and prints
     * every round's table plus the median ratio over rounds: on a shared machine the load changes between the
     * benchmarks of one round, and repeating the set is the cheapest way to see how far a ratio moves.
     */
    private static String mapping(String[] jmhArgs, int rounds) throws Exception {
        CommandLineOptions cmd = new CommandLineOptions(jmhArgs);
        ChainedOptionsBuilder opts = new OptionsBuilder().parent(cmd);
        if (cmd.getIncludes().isEmpty()) {
            opts.include("^" + Pattern.quote(BENCH) + "\\.");
        }
        if (cmd.getProfilers().isEmpty()) {
            opts.addProfiler(GCProfiler.class);
        }
        if (!cmd.getForkCount().hasValue()) {
            opts.forks(1);
        }
        if (!cmd.getWarmupIterations().hasValue()) {
            opts.warmupIterations(3);
        }
        if (!cmd.getWarmupTime().hasValue()) {
            opts.warmupTime(TimeValue.seconds(1));
        }
        if (!cmd.getMeasurementIterations().hasValue()) {
            opts.measurementIterations(5);
        }
        if (!cmd.getMeasurementTime().hasValue()) {
            opts.measurementTime(TimeValue.seconds(1));
        }
        // {Partita benchmark, direction, issue 14 goal, Enhanced Client benchmark}; the stored-item row reads the
        // ItemMap the schema wrote (what the core hands a repository), the Enhanced side the same as the row above
        String[][] ops = {
            {"ToItem", "entity -> item", "5", "ToItem"},
            {"FromItem", "item -> entity", "8", "FromItem"},
            {"FromStoredItem", "item (as stored) -> entity", "8", "FromItem"}
        };
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        StringBuilder out = new StringBuilder();
        out.append("\n## Mapping: Partita generated SCHEMA vs Enhanced Client TableSchema.fromBean, one thread\n");
        for (int round = 1; round <= rounds; round++) {
            Collection<RunResult> results = new Runner(opts.build()).run();
            Map<String, RunResult> byName = new LinkedHashMap<>();
            for (RunResult r : results) {
                byName.put(r.getParams().getBenchmark().substring(BENCH.length() + 1), r);
            }
            out.append(String.format(Locale.ROOT, "%nRound %d of %d:%n%n", round, rounds));
            out.append("| direction | Partita ns/op | Enhanced Client ns/op | Enhanced / Partita | goal |"
                    + " Partita B/op | Enhanced B/op |\n");
            out.append("|---|---:|---:|---:|:---:|---:|---:|\n");
            for (String[] op : ops) {
                RunResult p = byName.get("partita" + op[0]);
                RunResult e = byName.get("enhanced" + op[3]);
                Double ratio = p != null && e != null
                        ? e.getPrimaryResult().getScore() / p.getPrimaryResult().getScore()
                        : null;
                if (ratio != null) {
                    ratios.computeIfAbsent(op[1], k -> new ArrayList<>()).add(ratio);
                }
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s | %s |%n",
                        op[1],
                        fmt(p),
                        fmt(e),
                        ratio == null ? "n/a" : String.format(Locale.ROOT, "**%.1fx**", ratio),
                        ratio == null ? "?" : ratio >= goal(op[1]) ? ">= " + op[2] + "x: yes" : ">= " + op[2] + "x: NO",
                        alloc(p),
                        alloc(e)));
            }
        }
        if (rounds > 1) {
            out.append(String.format(
                    Locale.ROOT,
                    "%nOver %d rounds:%n%n| direction | ratios | median ratio | goal |%n" + "|---|---|---:|:---:|%n",
                    rounds));
            for (Map.Entry<String, List<Double>> e : ratios.entrySet()) {
                double median = ColdStart.percentile(e.getValue(), 50);
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | **%.1fx** | %s |%n",
                        e.getKey(),
                        e.getValue().stream()
                                .map(r -> String.format(Locale.ROOT, "%.1fx", r))
                                .collect(java.util.stream.Collectors.joining(", ")),
                        median,
                        median >= goal(e.getKey())
                                ? ">= " + (int) goal(e.getKey()) + "x: yes"
                                : ">= " + (int) goal(e.getKey()) + "x: NO"));
            }
        }
        return out.toString();
    }

    /** Issue 14's goal for a direction: entity -> item 5x, item -> entity 8x faster than the Enhanced Client. */
    private static double goal(String direction) {
        return direction.startsWith("entity") ? 5 : 8;
    }

    private static String fmt(RunResult r) {
        if (r == null) {
            return "n/a";
        }
        Result<?> s = r.getPrimaryResult();
        return Double.isNaN(s.getScoreError())
                ? String.format(Locale.ROOT, "%,.0f", s.getScore())
                : String.format(Locale.ROOT, "%,.0f ± %,.0f", s.getScore(), s.getScoreError());
    }

    @SuppressWarnings("rawtypes") // JMH's getSecondaryResults() is Map<String, Result>
    private static String alloc(RunResult r) {
        if (r == null) {
            return "n/a";
        }
        for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                return String.format(Locale.ROOT, "%,.0f", e.getValue().getScore());
            }
        }
        return "n/a";
    }
}
