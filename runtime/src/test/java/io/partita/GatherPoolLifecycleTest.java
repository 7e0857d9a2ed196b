package io.partita;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The shared gather pool ends with the last open database that used it, so a program's last {@code close()} leaves
 * no {@code partita-gather-*} thread behind (a launcher such as {@code exec:java} that joins every thread then ends
 * at once), and a later database gets a new pool. Runs {@link Child} in a fresh JVM: any database another test left
 * open in this one would keep the pool alive.
 */
class GatherPoolLifecycleTest {

    @Test
    void theLastDatabaseToCloseEndsThePoolsThreadsAndALaterOneGetsANewPool() throws Exception {
        List<String> lines = childOutput(Child.class);
        assertThat(lines).contains("KEPT-WHILE-ONE-IS-OPEN", "ENDED-WITH-THE-LAST", "RECREATED", "ENDED-AGAIN");
    }

    /** Runs a task on the shared pool; the thread that ran it. */
    private static Thread runOnSharedPool() throws InterruptedException {
        AtomicReference<Thread> worker = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        GatherOptions.sharedExecutor().execute(() -> {
            worker.set(Thread.currentThread());
            ran.countDown();
        });
        if (!ran.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the shared pool did not run a task");
        }
        return worker.get();
    }

    /** Joins {@code worker} (bounded, no sleeping); true when it ended. */
    private static boolean ends(Thread worker) throws InterruptedException {
        worker.join(TimeUnit.SECONDS.toMillis(30));
        return !worker.isAlive();
    }

    /** The child JVM: two databases use the pool, close one by one; then a third one. */
    static final class Child {
        public static void main(String[] args) throws Exception {
            Partita first = Partita.inMemory();
            Partita second = Partita.inMemory();
            first.gatherOptions(); // a query asks for the options: the database now uses the shared pool
            second.gatherOptions();
            Thread worker = runOnSharedPool(); // partita-gather-1, the pool's first thread
            first.close();
            // the same pool: its second task starts its second core thread (a new pool would start at 1 again)
            if (runOnSharedPool().getName().equals("partita-gather-2")) {
                System.out.println("KEPT-WHILE-ONE-IS-OPEN");
            }
            second.close();
            if (ends(worker)) {
                System.out.println("ENDED-WITH-THE-LAST");
            }
            Thread next;
            try (Partita third = Partita.inMemory()) {
                third.gatherOptions(GatherOptions.defaults().withConcurrency(4));
                next = runOnSharedPool();
                if (next != worker && next.getName().equals("partita-gather-1")) {
                    System.out.println("RECREATED");
                }
            }
            if (ends(next)) {
                System.out.println("ENDED-AGAIN");
            }
        }
    }

    /** Runs {@code main} in a fresh JVM on this class path; its output lines. */
    private static List<String> childOutput(Class<?> main) throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"), main.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try (InputStream in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        assertThat(child.exitValue())
                .as("child JVM exit code; output:%n%s", out)
                .isZero();
        return out.lines().toList();
    }
}
