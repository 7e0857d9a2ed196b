package io.partita.repository;

/**
 * The seed of a randomized test: fixed, so a failure reproduces from the log, and overridden by {@code
 * -Dpartita.seed=N} to run another; printed with the test's name either way.
 */
final class Seeds {
    private Seeds() {}

    /** The seed to run {@code test} with ({@code fixed} unless {@code -Dpartita.seed} says otherwise), printed. */
    static long seed(String test, long fixed) {
        long seed = Long.getLong("partita.seed", fixed);
        System.out.println(test + " seed " + seed);
        return seed;
    }
}
