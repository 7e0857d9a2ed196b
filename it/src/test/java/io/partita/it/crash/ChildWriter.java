package io.partita.it.crash;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * A writer process for the kill -9 tests: started on this JVM's class path with a small heap, its acknowledgements
 * counted from its standard output so that the test kills it after a seeded number of them, never after a sleep.
 */
public final class ChildWriter {
    private ChildWriter() {}

    /** Starts {@code main} in a new JVM with {@code args}; its standard error goes to this process's. */
    public static Process start(Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        return pb.start();
    }

    /**
     * Waits, on {@code reader}, until {@code child} has printed {@code count} lines that {@code isAck} accepts; fails
     * naming {@code what} when it takes longer than {@code timeout} or the child exits first.
     */
    public static void awaitAcknowledged(
            Process child, int count, ExecutorService reader, Predicate<String> isAck, Duration timeout, String what)
            throws Exception {
        Future<Integer> acknowledged = reader.submit(() -> {
            BufferedReader in = child.inputReader(StandardCharsets.UTF_8);
            int acks = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (isAck.test(line) && ++acks == count) {
                    break;
                }
            }
            return acks;
        });
        int acks;
        try {
            acks = acknowledged.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            child.destroyForcibly();
            throw new AssertionError(
                    "the child did not acknowledge " + count + " " + what + " within " + timeout.toSeconds() + " s", e);
        }
        if (acks < count) {
            throw new AssertionError("the child exited with " + child.waitFor() + " after " + acks + " of " + count
                    + " acknowledged " + what);
        }
    }
}
