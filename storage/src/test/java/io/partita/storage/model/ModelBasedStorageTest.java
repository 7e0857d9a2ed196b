package io.partita.storage.model;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.partita.storage.Storage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Randomized model-based test of the storage core against {@link ReferenceStore}: puts (sparse and wrongly typed
 * index keys), updates moving index keys, conditional writes, transactions, batches, gets, queries on the table and
 * every GSI/LSI with every key-condition operator, Limit and pagination, COUNT, and parallel scans, each read
 * compared item by item with the model; the core's invariant checker runs every {@value #VERIFY_EVERY} operations
 * and at the end of every run.
 *
 * <p>Reproduce a CI failure with {@code -Dpartita.model.seed=<master seed>} (all runs) or
 * {@code -Dpartita.model.runSeed=<run seed>} (one run); scale with {@code -Dpartita.model.runs} and
 * {@code -Dpartita.model.ops}. {@code -Dpartita.model.strictTies=true} also requires equal index keys to come back
 * in table-key order.
 */
class ModelBasedStorageTest {
    static final long MASTER_SEED = Long.getLong("partita.model.seed", 0x5EED_2026_11_22L);
    static final Long RUN_SEED = Long.getLong("partita.model.runSeed");
    static final int RUNS = Integer.getInteger("partita.model.runs", 24);
    static final int OPS_PER_RUN = Integer.getInteger("partita.model.ops", 5_000);
    static final boolean STRICT_TIES = Boolean.parseBoolean(System.getProperty("partita.model.strictTies", "true"));
    static final int VERIFY_EVERY = 500;
    static final boolean TRACE_TIMING = Boolean.getBoolean("partita.model.traceTiming");
    static final int INVALID_PERCENT = 4;

    private static final AtomicLong TOTAL_OPS = new AtomicLong();
    private static final java.util.concurrent.atomic.AtomicBoolean SHRUNK_ONCE =
            new java.util.concurrent.atomic.AtomicBoolean();
    private static final Map<String, Integer> TOTAL_COUNTS = new TreeMap<>();
    private static long startNanos;

    @TestFactory
    Stream<DynamicTest> randomizedRuns() {
        assumeTrue(ModelOps.engineAvailable(), "storage engine not landed yet");
        startNanos = System.nanoTime();
        List<Long> seeds = new ArrayList<>();
        if (RUN_SEED != null) {
            seeds.add(RUN_SEED);
        } else {
            Random master = new Random(MASTER_SEED);
            for (int i = 0; i < RUNS; i++) {
                seeds.add(master.nextLong());
            }
        }
        System.out.printf(
                "[model] master seed %d (-Dpartita.model.seed), %d runs x %d ops, expressions %s, strict ties %s%n",
                MASTER_SEED,
                seeds.size(),
                OPS_PER_RUN,
                ModelOps.expressionsAvailable() ? "on" : "OFF (not landed)",
                STRICT_TIES);
        return seeds.stream().map(seed -> DynamicTest.dynamicTest("run seed=" + seed, () -> runOnce(seed)));
    }

    private static void runOnce(long seed) {
        long t0 = System.nanoTime();
        ReferenceStore model = new ReferenceStore(ModelSchemas.all());
        OpGenerator gen = new OpGenerator(new Random(seed), model, ModelOps.expressionsAvailable(), INVALID_PERCENT);
        List<Op> ops = new ArrayList<>(OPS_PER_RUN + OPS_PER_RUN / VERIFY_EVERY + 1);
        for (int i = 1; i <= OPS_PER_RUN; i++) {
            ops.add(gen.next());
            if (i % VERIFY_EVERY == 0) {
                ops.add(new Op.Verify());
            }
        }
        if (!(ops.get(ops.size() - 1) instanceof Op.Verify)) {
            ops.add(new Op.Verify());
        }
        ModelRunner runner;
        try (Storage storage = ModelReplay.freshStorage()) {
            runner = new ModelRunner(storage, model, STRICT_TIES);
            for (int i = 0; i < ops.size(); i++) {
                if (TRACE_TIMING && i % 5000 == 0) {
                    System.out.printf("[model]   op %d at %d ms%n", i, (System.nanoTime() - t0) / 1_000_000);
                }
                try {
                    runner.run(ops.get(i));
                } catch (AssertionError | RuntimeException e) {
                    AssertionError err = e instanceof AssertionError ae ? ae : new AssertionError("unexpected " + e, e);
                    throw reproduce(seed, ops, new ModelReplay.Failure(i, err));
                }
            }
        }
        synchronized (TOTAL_COUNTS) {
            runner.counts.forEach((k, v) -> TOTAL_COUNTS.merge(k, v, Integer::sum));
            runner.outcomes.forEach((k, v) -> TOTAL_COUNTS.merge(k, v, Integer::sum));
        }
        long total = TOTAL_OPS.addAndGet(ops.size());
        System.out.printf(
                "[model] run seed=%d: %d ops %s %s in %d ms, %d items at end; total so far %d%n",
                seed,
                ops.size(),
                runner.counts,
                runner.outcomes,
                (System.nanoTime() - t0) / 1_000_000,
                model.size(),
                total);
    }

    private static AssertionError reproduce(long seed, List<Op> ops, ModelReplay.Failure failure) {
        StringBuilder sb = new StringBuilder();
        sb.append("model disagreement in run seed=")
                .append(seed)
                .append(" (master seed ")
                .append(MASTER_SEED)
                .append(") at operation #")
                .append(failure.index())
                .append(" of ")
                .append(ops.size())
                .append(":\n  ")
                .append(failure.error().getMessage())
                .append("\n  operation: ")
                .append(ops.get(failure.index()));
        if (SHRUNK_ONCE.getAndSet(true)) {
            sb.append("\n(not shrunk: an earlier run's failure was; reproduce with -Dpartita.model.runSeed=")
                    .append(seed)
                    .append(" -Dpartita.model.ops=")
                    .append(OPS_PER_RUN)
                    .append(")");
            System.out.println("[model] " + sb);
            return new AssertionError(sb.toString(), failure.error());
        }
        List<Op> minimal = ModelReplay.shrink(ops, failure, STRICT_TIES, 20_000);
        ModelReplay.Failure again = ModelReplay.replay(minimal, STRICT_TIES);
        sb.append("\nshrunk to ").append(minimal.size()).append(" operations (on a fresh core with the model tables):");
        for (int i = 0; i < minimal.size(); i++) {
            sb.append("\n  ").append(i).append(": ").append(minimal.get(i));
        }
        if (again != null) {
            sb.append("\n  -> ").append(again.error().getMessage());
        }
        sb.append("\nreproduce with -Dpartita.model.runSeed=")
                .append(seed)
                .append(" -Dpartita.model.ops=")
                .append(OPS_PER_RUN);
        System.out.println("[model] " + sb);
        return new AssertionError(sb.toString(), failure.error());
    }

    @AfterAll
    static void summary() {
        if (TOTAL_OPS.get() > 0) {
            System.out.printf(
                    "[model] TOTAL %d operations in %d ms: %s%n",
                    TOTAL_OPS.get(), (System.nanoTime() - startNanos) / 1_000_000, TOTAL_COUNTS);
        }
    }
}
