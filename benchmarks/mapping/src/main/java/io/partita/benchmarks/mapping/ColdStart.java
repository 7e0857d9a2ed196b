package io.partita.benchmarks.mapping;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cold start: launches fresh JVMs ({@code java -cp <this jar> <child main>}) and collects what each child measures
 * itself, from the first statement of its {@code main} to the end of its first use (see the child classes) in wall time
 * and in its main thread's CPU time (Linux; on a loaded machine the figure to compare), plus the JVM's start to
 * {@code main} (RuntimeMXBean start time, millisecond resolution) and the process wall time seen from
 * here. Variants run interleaved (run 1 of every variant, then run 2, ...) so load on the machine hits them alike.
 *
 * <pre>
 * java -cp benchmarks/mapping/target/mapping-benchmarks.jar io.partita.benchmarks.mapping.ColdStart
 *      [--runs=15] [--variants=baseline,partita-schema,partita,enhanced] [--jvm=-Xshare:off,...]
 * </pre>
 */
public final class ColdStart {
    static final Map<String, Class<?>> VARIANTS = new LinkedHashMap<>();

    static {
        VARIANTS.put("baseline", ColdBaseline.class);
        VARIANTS.put("partita-schema", ColdPartitaSchema.class);
        VARIANTS.put("partita", ColdPartita.class);
        VARIANTS.put("enhanced", ColdEnhanced.class);
    }

    private static final Pattern LINE = Pattern.compile(
            "COLD variant=(\\S+) firstUseNs=(\\d+) cpuNs=(-?\\d+) jvmToMainMs=(-?\\d+) loadedClasses=(\\d+) check=true");

    private ColdStart() {}

    /** One variant's samples. */
    record Samples(
            String variant,
            List<Double> firstUseMs,
            List<Double> cpuMs,
            List<Double> jvmToMainMs,
            List<Double> processMs,
            List<Double> classes) {
        Samples(String variant) {
            this(
                    variant,
                    new ArrayList<>(),
                    new ArrayList<>(),
                    new ArrayList<>(),
                    new ArrayList<>(),
                    new ArrayList<>());
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = 15;
        List<String> variants = new ArrayList<>(VARIANTS.keySet());
        List<String> jvm = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--runs=")) {
                runs = Integer.parseInt(a.substring(7));
            } else if (a.startsWith("--variants=")) {
                variants = Arrays.asList(a.substring(11).split(","));
            } else if (a.startsWith("--jvm=")) {
                jvm.addAll(Arrays.asList(a.substring(6).split(",")));
            } else {
                System.err.println("unknown option " + a);
                System.exit(2);
            }
        }
        System.out.println(table(run(runs, variants, jvm), runs, jvm));
    }

    static Map<String, Samples> run(int runs, List<String> variants, List<String> jvmOptions)
            throws IOException, InterruptedException {
        Map<String, Samples> samples = new LinkedHashMap<>();
        for (String v : variants) {
            if (!VARIANTS.containsKey(v)) {
                throw new IllegalArgumentException("unknown variant " + v + "; known: " + VARIANTS.keySet());
            }
            samples.put(v, new Samples(v));
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String cp = System.getProperty("java.class.path");
        // one unrecorded launch per variant: page cache, CDS archive and jar warm, as after any earlier start
        for (int r = -1; r < runs; r++) {
            for (String v : variants) {
                List<String> cmd = new ArrayList<>();
                cmd.add(java);
                cmd.addAll(jvmOptions);
                cmd.add("-cp");
                cmd.add(cp);
                cmd.add(VARIANTS.get(v).getName());
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
                long start = System.nanoTime();
                Process p = pb.start();
                String result = null;
                StringBuilder all = new StringBuilder();
                try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        all.append(line).append('\n');
                        if (line.startsWith("COLD ")) {
                            result = line;
                        }
                    }
                }
                int exit = p.waitFor();
                long processNanos = System.nanoTime() - start;
                Matcher m = result == null ? null : LINE.matcher(result);
                if (exit != 0 || m == null || !m.find()) {
                    throw new IllegalStateException("child " + v + " failed (exit " + exit + "):\n" + all);
                }
                if (r >= 0) {
                    Samples s = samples.get(v);
                    s.firstUseMs().add(Long.parseLong(m.group(2)) / 1e6);
                    long cpu = Long.parseLong(m.group(3));
                    if (cpu >= 0) {
                        s.cpuMs().add(cpu / 1e6);
                    }
                    s.jvmToMainMs().add((double) Long.parseLong(m.group(4)));
                    s.processMs().add(processNanos / 1e6);
                    s.classes().add((double) Long.parseLong(m.group(5)));
                }
            }
        }
        return samples;
    }

    static String table(Map<String, Samples> samples, int runs, List<String> jvmOptions) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "%n## Cold start: first use in a fresh JVM (%d runs each%s)%n%n",
                runs,
                jvmOptions.isEmpty() ? "" : ", JVM options " + String.join(" ", jvmOptions)));
        out.append("| variant | first use median (ms) | p90 | min | main thread CPU median (ms) | min"
                + " | JVM start -> main median (ms) | whole process median (ms) | loaded classes | goal < 10 ms |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|\n");
        for (Samples s : samples.values()) {
            double median = percentile(s.firstUseMs(), 50);
            boolean goal = !s.variant().equals("baseline") && !s.variant().equals("enhanced");
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f | %.0f | %.0f | %s |%n",
                    s.variant(),
                    median,
                    percentile(s.firstUseMs(), 90),
                    percentile(s.firstUseMs(), 0),
                    percentile(s.cpuMs(), 50),
                    percentile(s.cpuMs(), 0),
                    percentile(s.jvmToMainMs(), 50),
                    percentile(s.processMs(), 50),
                    percentile(s.classes(), 50),
                    goal ? (median < 10 ? "yes" : "NO") : "-"));
        }
        return out.toString();
    }

    /** Nearest-rank percentile ({@code p} = 0 is the minimum). */
    static double percentile(List<Double> values, double p) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
