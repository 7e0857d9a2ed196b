package io.partita.benchmarks;

import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link RepositoryBench} (1 fork per benchmark, 5 x 1 s warm-up, 3 x 2 s measurement unless JMH options on
 * the command line say otherwise, e.g. {@code -prof gc}) and prints, from that one run, the generated repository
 * against the raw core (goal: raw / repository ≤ 1.5×) and against the Enhanced Client on DynamoDB Local (goal:
 * repository / Enhanced ≥ 100×), and beside raw the raw core plus reading every attribute of what it returns
 * ({@code rawRead*}: the floor of any decoding, since the raw core hands out stored items without touching them).
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.RepositoryReport [JMH options]</pre>
 */
public final class RepositoryReport {
    private static final String[] OPERATIONS = {"Put", "Get", "QueryGsi"};

    private RepositoryReport() {}

    public static void main(String[] args) throws Exception {
        CommandLineOptions cmd = new CommandLineOptions(args);
        ChainedOptionsBuilder opts = new OptionsBuilder().parent(cmd);
        if (cmd.getIncludes().isEmpty()) {
            opts.include("^" + Pattern.quote(RepositoryBench.class.getName()) + "\\.");
        }
        if (!cmd.getForkCount().hasValue()) {
            opts.forks(1);
        }
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
        Collection<RunResult> results = new Runner(opts.build()).run();
        Map<String, Result<?>> score = new HashMap<>();
        Map<String, Result<?>> bytes = new HashMap<>();
        for (RunResult r : results) {
            String method = r.getParams().getBenchmark();
            method = method.substring(method.lastIndexOf('.') + 1);
            score.put(method, r.getPrimaryResult());
            Result<?> norm = r.getSecondaryResults().get("gc.alloc.rate.norm");
            if (norm != null) {
                bytes.put(method, norm);
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("| operation | repository ops/s | raw core ops/s | Enhanced on DDB Local ops/s | raw / repository"
                + " (goal ≤ 1.5×) | repository / Enhanced (goal ≥ 100×) | B/op repository / raw"
                + " | raw + read ops/s | raw + read / repository |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String op : OPERATIONS) {
            Result<?> repo = score.get("repo" + op);
            Result<?> raw = score.get("raw" + op);
            Result<?> enhanced = score.get("enhanced" + op);
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    op,
                    fmt(repo),
                    fmt(raw),
                    fmt(enhanced),
                    ratio(raw, repo, "%.2fx"),
                    ratio(repo, enhanced, "%.0fx"),
                    bytes.containsKey("repo" + op) && bytes.containsKey("raw" + op)
                            ? String.format(
                                    Locale.ROOT,
                                    "%,.0f / %,.0f",
                                    bytes.get("repo" + op).getScore(),
                                    bytes.get("raw" + op).getScore())
                            : "n/a",
                    fmt(score.get("rawRead" + op)),
                    ratio(score.get("rawRead" + op), repo, "%.2fx")));
        }
        System.out.println();
        System.out.print(out);
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

    private static String ratio(Result<?> a, Result<?> b, String format) {
        return a == null || b == null ? "n/a" : String.format(Locale.ROOT, format, a.getScore() / b.getScore());
    }
}
