package io.partita.benchmarks.mapping;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compile-time cost of the processor: writes {@code --entities} (200) distinct annotated entity sources into a temp
 * directory and compiles them, interleaved, {@code --runs} (7) times per configuration after {@code --warmup} (2)
 * unrecorded rounds:
 * <ul>
 *   <li>{@code proc:none} — the entities alone, {@code -proc:none}, processor not on the classpath;</li>
 *   <li>{@code processor} — the entities with the processor on the classpath (discovered through
 *       META-INF/services, as a {@code provided} dependency is): validation, generation, and compiling the
 *       generated repositories;</li>
 *   <li>{@code pre-generated} — the entities plus the sources the processor generated, {@code -proc:none}: what
 *       compiling the generated code costs, so {@code processor - pre-generated} is the processor's own work.</li>
 * </ul>
 * javac runs in-process through {@code javax.tools} (a fresh file manager and processor class loader per run, as
 * Maven's compiler plugin does) or, with {@code --fork}, as a {@code javac} subprocess per run.
 *
 * <pre>
 * java -cp benchmarks/mapping/target/mapping-benchmarks.jar io.partita.benchmarks.mapping.CompileTime \
 *      --classpath-file=benchmarks/mapping/target/compile-classpath.txt [--entities=200] [--runs=7] [--warmup=2] [--fork]
 * </pre>
 * The classpath file (written by {@code mvn package}) is filtered to the partita jars, Jackson (the runtime's
 * dependency) and JavaPoet (the processor's).
 */
public final class CompileTime {
    private static final String[] TYPES = {
        "String",
        "int",
        "long",
        "java.time.Instant",
        "java.time.LocalDate",
        "java.math.BigDecimal",
        "boolean",
        "java.util.Set<String>",
        "java.util.List<String>",
        "java.util.UUID",
        "Kind",
        "Double",
        "java.util.Map<String, String>"
    };

    private CompileTime() {}

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        int entities = o.entities();
        int runs = o.runs();
        int warmup = o.warmup();
        boolean fork = o.fork();
        String cpFile = o.cpFile();
        List<String> all =
                Arrays.asList(Files.readString(Path.of(cpFile)).trim().split(File.pathSeparator));
        List<String> base = all.stream()
                .filter(p ->
                        p.contains("partita-annotations") || p.contains("partita-runtime") || p.contains("jackson"))
                .collect(Collectors.toList());
        List<String> processor = new ArrayList<>(base);
        processor.addAll(all.stream()
                .filter(p -> p.contains("partita-processor") || p.contains("javapoet"))
                .toList());
        if (base.size() < 3 || processor.size() != base.size() + 2) {
            throw new IllegalStateException("unexpected classpath in " + cpFile + ": " + all);
        }

        Path dir = Files.createTempDirectory("partita-compile-time");
        List<Path> sources = writeEntities(dir.resolve("src"), entities);
        int sourceLines = lines(sources);

        // One processor run to collect the generated sources for the third configuration.
        Path generated = dir.resolve("generated");
        compile(fork, processor, sources, dir.resolve("first"), generated, true);
        List<Path> generatedSources = list(generated);
        List<Path> withGenerated = new ArrayList<>(sources);
        withGenerated.addAll(generatedSources);

        Map<String, List<Double>> times = new LinkedHashMap<>();
        times.put("proc:none", new ArrayList<>());
        times.put("processor", new ArrayList<>());
        times.put("pre-generated", new ArrayList<>());
        for (int r = -warmup; r < runs; r++) {
            for (String config : times.keySet()) {
                Path out = dir.resolve("run-" + config.replace(':', '-') + "-" + (r + warmup));
                long t0 = System.nanoTime();
                switch (config) {
                    case "proc:none" -> compile(fork, base, sources, out, null, false);
                    case "processor" -> compile(fork, processor, sources, out, out.resolve("gen"), true);
                    default -> compile(fork, base, withGenerated, out, null, false);
                }
                double ms = (System.nanoTime() - t0) / 1e6;
                System.out.printf(Locale.ROOT, "%s %s: %.0f ms%n", r < 0 ? "warm-up" : "run " + (r + 1), config, ms);
                if (r >= 0) {
                    times.get(config).add(ms);
                }
                delete(out);
            }
        }

        printReport(o, times, sourceLines, generatedSources);
        delete(dir);
    }

    /** The command line: entity count, timed and warm-up runs, javac in a subprocess or not, the classpath file. */
    private record Options(int entities, int runs, int warmup, boolean fork, String cpFile) {
        static Options parse(String[] args) {
            int entities = 200;
            int runs = 7;
            int warmup = 2;
            boolean fork = false;
            String cpFile = "benchmarks/mapping/target/compile-classpath.txt";
            for (String a : args) {
                if (a.startsWith("--entities=")) {
                    entities = Integer.parseInt(a.substring(11));
                } else if (a.startsWith("--runs=")) {
                    runs = Integer.parseInt(a.substring(7));
                } else if (a.startsWith("--warmup=")) {
                    warmup = Integer.parseInt(a.substring(9));
                } else if (a.equals("--fork")) {
                    fork = true;
                } else if (a.startsWith("--classpath-file=")) {
                    cpFile = a.substring(17);
                } else {
                    System.err.println("unknown option " + a);
                    System.exit(2);
                }
            }
            return new Options(entities, runs, warmup, fork, cpFile);
        }
    }

    /** The Markdown table of the medians and what the processor costs per entity. */
    private static void printReport(
            Options o, Map<String, List<Double>> times, int sourceLines, List<Path> generatedSources) {
        double none = ColdStart.percentile(times.get("proc:none"), 50);
        double proc = ColdStart.percentile(times.get("processor"), 50);
        double pre = ColdStart.percentile(times.get("pre-generated"), 50);
        int entities = o.entities();
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "%n## Compile time: %d entities (%d lines), javac %s, %d runs each%n%n",
                entities,
                sourceLines,
                o.fork() ? "subprocess" : "in-process (javax.tools)",
                o.runs()));
        out.append("| configuration | median (ms) | min | max |\n|---|---:|---:|---:|\n");
        for (Map.Entry<String, List<Double>> e : times.entrySet()) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %.0f | %.0f | %.0f |%n",
                    e.getKey(),
                    ColdStart.percentile(e.getValue(), 50),
                    ColdStart.percentile(e.getValue(), 0),
                    ColdStart.percentile(e.getValue(), 100)));
        }
        out.append(String.format(
                Locale.ROOT,
                "%nprocessor - proc:none = %.0f ms (%.1f ms per entity, %.1fx); of which compiling the generated code"
                        + " (pre-generated - proc:none) %.0f ms and the processor itself (processor - pre-generated) %.0f ms"
                        + " (%.1f ms per entity).%n",
                proc - none,
                (proc - none) / entities,
                proc / none,
                pre - none,
                proc - pre,
                (proc - pre) / entities));
        out.append(String.format(
                Locale.ROOT,
                "Generated: %d source files, %d lines (%d per entity on average).%n",
                generatedSources.size(),
                lines(generatedSources),
                lines(generatedSources) / entities));
        System.out.println(out);
    }

    private static void compile(
            boolean fork, List<String> classpath, List<Path> sources, Path out, Path generated, boolean processor)
            throws IOException, InterruptedException {
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(List.of(
                "--release",
                "17",
                "-encoding",
                "UTF-8",
                "-nowarn",
                "-implicit:none",
                "-d",
                out.toString(),
                "-classpath",
                String.join(File.pathSeparator, classpath)));
        if (processor) {
            Files.createDirectories(generated);
            args.add("-s");
            args.add(generated.toString());
        } else {
            args.add("-proc:none");
        }
        for (Path s : sources) {
            args.add(s.toString());
        }
        int exit;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        if (fork) {
            Path argFile = out.resolve("javac.args");
            Files.write(
                    argFile,
                    args.stream().map(a -> '"' + a.replace("\\", "\\\\") + '"').toList());
            String javac = System.getProperty("java.home") + File.separator + "bin" + File.separator + "javac";
            Process p = new ProcessBuilder(javac, "@" + argFile)
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().transferTo(log);
            exit = p.waitFor();
        } else {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            try (PrintStream ps = new PrintStream(log, true, StandardCharsets.UTF_8)) {
                exit = javac.run(null, ps, ps, args.toArray(new String[0]));
            }
        }
        if (exit != 0) {
            throw new IllegalStateException("javac failed (" + exit + "):\n" + log.toString(StandardCharsets.UTF_8));
        }
    }

    /** Entity {@code i}: 4-12 fields of varied types; keys, GSIs and record/class form vary with {@code i}. */
    static List<Path> writeEntities(Path src, int n) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int pkg = 0; pkg < Math.min(10, n); pkg++) {
            Path p = src.resolve("gen/p" + pkg + "/Kind.java");
            Files.createDirectories(p.getParent());
            Files.writeString(
                    p, "package gen.p" + pkg + ";\n\npublic enum Kind { A, B, C, D, E, F, G, H, I, J, K, L }\n");
            files.add(p);
        }
        for (int i = 0; i < n; i++) {
            String pkg = "gen.p" + (i % 10);
            String name = "Entity" + i;
            int shape = i % 4; // 0: pk; 1: pk+sk; 2: +1 GSI; 3: +2 GSIs (one sparse)
            boolean isClass = i % 10 == 7;
            int extra = 2 + i % 9; // non-key fields
            List<String[]> fields = new ArrayList<>(); // {annotations, type, name}
            fields.add(
                    new String[] {"@PartitionKey", i % 3 == 0 ? "String" : i % 3 == 1 ? "java.util.UUID" : "long", "id"
                    });
            if (shape >= 1) {
                fields.add(new String[] {"@SortKey", i % 2 == 0 ? "String" : "java.time.Instant", "sk"});
            }
            if (shape >= 2) {
                fields.add(new String[] {"@GsiKey(index = \"ByOwner" + i + "\")", "String", "owner"});
                fields.add(new String[] {"@GsiKey(index = \"ByOwner" + i + "\", role = KeyRole.SORT)", "long", "rank"});
            }
            if (shape == 3) {
                fields.add(new String[] {"@GsiKey(index = \"ByRegion\")", "String", "region"});
                fields.add(new String[] {
                    "@Sparse @GsiKey(index = \"ByRegion\", role = KeyRole.SORT)", "java.time.Instant", "due"
                });
            }
            for (int f = 0; f < extra; f++) {
                String type = TYPES[(i * 7 + f * 3) % TYPES.length];
                String annotation = f == 1 && i % 3 == 0 ? "@Attribute(\"F" + f + "\")" : "";
                fields.add(new String[] {annotation, type, "f" + f});
            }
            StringBuilder s = new StringBuilder();
            s.append("package ").append(pkg).append(";\n\n");
            s.append("import io.partita.annotations.*;\n\n");
            s.append("@Table(name = \"Table").append(i).append("\")\n");
            if (!isClass) {
                s.append("public record ").append(name).append("(\n");
                for (int f = 0; f < fields.size(); f++) {
                    String[] fd = fields.get(f);
                    s.append("    ")
                            .append(fd[0].isEmpty() ? "" : fd[0] + " ")
                            .append(fd[1])
                            .append(' ')
                            .append(fd[2])
                            .append(f + 1 < fields.size() ? ",\n" : ") {}\n");
                }
            } else {
                s.append("public class ").append(name).append(" {\n");
                for (String[] fd : fields) {
                    s.append("    ")
                            .append(fd[0].isEmpty() ? "" : fd[0] + " ")
                            .append("private final ")
                            .append(fd[1])
                            .append(' ')
                            .append(fd[2])
                            .append(";\n");
                }
                s.append("\n    public ")
                        .append(name)
                        .append('(')
                        .append(fields.stream().map(fd -> fd[1] + " " + fd[2]).collect(Collectors.joining(", ")))
                        .append(") {\n");
                for (String[] fd : fields) {
                    s.append("        this.")
                            .append(fd[2])
                            .append(" = ")
                            .append(fd[2])
                            .append(";\n");
                }
                s.append("    }\n");
                for (String[] fd : fields) {
                    String cap = Character.toUpperCase(fd[2].charAt(0)) + fd[2].substring(1);
                    s.append("\n    public ")
                            .append(fd[1])
                            .append(fd[1].equals("boolean") ? " is" : " get")
                            .append(cap)
                            .append("() {\n        return ")
                            .append(fd[2])
                            .append(";\n    }\n");
                }
                s.append("}\n");
            }
            Path p = src.resolve(pkg.replace('.', '/') + "/" + name + ".java");
            Files.writeString(p, s.toString());
            files.add(p);
        }
        return files;
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static int lines(List<Path> files) {
        int n = 0;
        for (Path p : files) {
            try {
                n += Files.readAllLines(p).size();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return n;
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
