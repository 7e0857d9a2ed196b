package io.partita.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@link QueryCost} between two builds, in one JVM: each class path given (a benchmarks jar, or directories and jars
 * joined by {@code :}) loads {@link QueryCost}'s tables (the core at each size, its requests and both floors) in a
 * class loader of its own; each round runs every build, size and side once, by thread CPU, the order reversed every
 * other round, so machine load moves both builds alike. Printed per size: each build's median CPU per query (min),
 * its floors, core / floor, and the second build's core against the first's, the median of the rounds' ratios and
 * their range. Two separate {@link QueryCost} runs on the shared machine differ by more than the change measured;
 * naming the builds in the other order shows what the loading order does (the first build's items lie lower in the
 * heap).
 *
 * <pre>java -Xms9g -Xmx9g -cp benchmarks/target/benchmarks.jar io.partita.benchmarks.QueryCostPairs
 *     OLD.jar NEW.jar 1000,1000000 [rounds=15]</pre>
 */
public final class QueryCostPairs {
    private static final String[] SIDES = {"core", "open addressing", "HashMap"};
    private static final int WARM_ROUNDS = 2;

    private QueryCostPairs() {}

    /** One build: its loaded tables (one per size) and their {@code run(side)}. */
    private record Build(String classPath, Object[] tables, Method run) {}

    public static void main(String[] args) throws Exception {
        int[] sizes =
                Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        List<Build> builds = new ArrayList<>();
        for (String classPath : new String[] {args[0], args[1]}) {
            builds.add(load(classPath, sizes));
        }
        CoreFixture.settle();
        double[][][][] cpu = measure(builds, sizes, rounds);
        System.out.println(
                "load average " + Files.readString(Path.of("/proc/loadavg")).trim());
        for (int b = 0; b < builds.size(); b++) {
            System.out.println(b + ": " + builds.get(b).classPath());
        }
        for (int s = 0; s < sizes.length; s++) {
            for (int b = 0; b < builds.size(); b++) {
                double core = median(cpu[b][s][0]);
                double open = median(cpu[b][s][1]);
                double map = median(cpu[b][s][2]);
                System.out.printf(
                        Locale.ROOT,
                        "n=%d build %d: core %.0f ns (min %.0f), floors %.0f / %.0f ns, core / open addressing %.2f×,"
                                + " core / HashMap %.2f×%n",
                        sizes[s],
                        b,
                        core,
                        sorted(cpu[b][s][0])[0],
                        open,
                        map,
                        core / open,
                        core / map);
            }
            double[] ratios = new double[rounds - WARM_ROUNDS];
            for (int r = 0; r < ratios.length; r++) {
                ratios[r] = cpu[1][s][0][r] / cpu[0][s][0][r];
            }
            Arrays.sort(ratios);
            System.out.printf(
                    Locale.ROOT,
                    "n=%d core, build 1 / build 0: %.3f× (rounds %.3f–%.3f)%n",
                    sizes[s],
                    ratios[ratios.length / 2],
                    ratios[0],
                    ratios[ratios.length - 1]);
        }
    }

    /** Loads {@link QueryCost}'s tables of {@code sizes} from {@code classPath}, in a class loader of their own. */
    private static Build load(String classPath, int[] sizes) throws Exception {
        ClassLoader loader = IsolatedBuild.loader(classPath);
        Class<?> table = loader.loadClass(QueryCost.class.getName() + "$Table");
        Constructor<?> make = table.getDeclaredConstructor(int.class);
        make.setAccessible(true);
        Method run = table.getDeclaredMethod("run", int.class);
        run.setAccessible(true);
        Object[] tables = new Object[sizes.length];
        for (int s = 0; s < sizes.length; s++) {
            tables[s] = make.newInstance(sizes[s]);
        }
        return new Build(classPath, tables, run);
    }

    /** CPU per query, {@code [build][size][side][measured round]}, the warm-up rounds left out. */
    private static double[][][][] measure(List<Build> builds, int[] sizes, int rounds) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int runs = builds.size() * sizes.length * SIDES.length;
        double[][][][] cpu = new double[builds.size()][sizes.length][SIDES.length][rounds];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < runs; k++) {
                int at = r % 2 == 0 ? k : runs - 1 - k;
                int b = at % builds.size();
                int s = at / builds.size() % sizes.length;
                int side = (at / builds.size() / sizes.length + r) % SIDES.length;
                Build build = builds.get(b);
                long start = threads.getCurrentThreadCpuTime();
                sink += (long) build.run().invoke(build.tables()[s], side);
                cpu[b][s][side][r] = (double) (threads.getCurrentThreadCpuTime() - start) / Workload.POOL;
            }
        }
        System.out.println("items read " + sink);
        for (double[][][] build : cpu) {
            for (double[][] size : build) {
                for (int side = 0; side < size.length; side++) {
                    size[side] = Arrays.copyOfRange(size[side], WARM_ROUNDS, rounds);
                }
            }
        }
        return cpu;
    }

    private static double[] sorted(double[] values) {
        double[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }

    private static double median(double[] values) {
        double[] s = sorted(values);
        return s[s.length / 2];
    }
}
