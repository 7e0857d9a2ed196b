package io.partita.benchmarks.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The cold-start benchmark's first use ({@link ColdPartita}: a database, a generated repository opening its table,
 * one put, one get) in a child JVM with {@code -Xlog:class+load}: the classes it must not load, because each was once
 * on this path without being needed (≈0.3–0.5 ms each from a jar in a fresh JVM, issue 14). Unlike the runtime's and
 * the core's {@code FirstUseLambdaTest}, this path runs generated code and the generated schema's helpers
 * ({@code AbstractItemSchema}, {@code KeyFormat}). Named classes and patterns, not a count: it fails when one of them
 * comes back, not on a JDK update. One child JVM, ≈1 s.
 */
class ColdStartClassesTest {
    @Test
    void theFirstRepositoryUseLoadsNoClassItDoesNotNeed() throws IOException, InterruptedException {
        List<String> loaded = childClassLoads();
        List<String> unexpected = new ArrayList<>();
        for (String name : loaded) {
            boolean partita = name.startsWith("io.partita.");
            if ((partita
                            && name.endsWith(
                                    "Exception")) // a throw or catch site the verifier checks, though nothing fails
                    || (partita && name.contains("$$Lambda")) // a lambda bootstrap
                    || name.equals("io.partita.storage.expression.ParsedExpression") // an argument passed as it
                    || name.equals("io.partita.mapping.Codecs$1") // withDefault's class: primitives are built in
                    || name.equals("java.lang.invoke.InnerClassLambdaMetafactory")
                    || name.equals("java.lang.NoSuchFieldError")) { // a switch on an enum (switch-map class)
                unexpected.add(name);
            }
        }
        assertEquals(List.of(), unexpected, "classes loaded on the first repository use that it does not need");
    }

    /** The classes {@link ColdPartita} loads, up to the end of its measured section. */
    private static List<String> childClassLoads() throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = List.of(
                java,
                "-Xlog:class+load=info:stdout",
                "-cp",
                System.getProperty("java.class.path"),
                ColdPartita.class.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try (InputStream in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child JVM finished");
        assertEquals(0, child.exitValue(), () -> "child JVM exit code; output:\n" + out);
        assertTrue(out.contains("COLD variant=partita") && out.contains("check=true"), () -> "the child ran:\n" + out);
        List<String> loaded = new ArrayList<>();
        for (String line : out.lines().toList()) {
            int at = line.indexOf("[class,load] ");
            if (at >= 0) {
                String rest = line.substring(at + "[class,load] ".length());
                int end = rest.indexOf(' ');
                String name = end < 0 ? rest : rest.substring(0, end);
                if (name.equals("java.lang.management.ManagementFactory")) {
                    // the measured section ended; the harness's report loads this first (ColdResult itself is
                    // loaded before the section starts, for its CPU clock)
                    break;
                }
                loaded.add(name);
            }
        }
        assertTrue(loaded.contains("io.partita.benchmarks.mapping.OrderRepository"), "the log was read");
        return loaded;
    }
}
