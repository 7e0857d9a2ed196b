package io.partita.processor.validate;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean": the one known name that differs from a mistyped one only by case or a small edit. */
public final class Suggest {
    /** The largest Levenshtein distance still suggested. */
    static final int MAX_DISTANCE = 2;

    private Suggest() {}

    /**
     * The closest of {@code known} to {@code name}: equal ignoring case first, else the single nearest within
     * {@link #MAX_DISTANCE} edits (case-insensitive); empty when there is none or two are equally near.
     */
    public static Optional<String> closest(String name, Collection<String> known) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String k : known) {
            if (!k.equals(name) && k.toLowerCase(Locale.ROOT).equals(lower)) {
                return Optional.of(k);
            }
        }
        String best = null;
        int bestDistance = MAX_DISTANCE + 1;
        boolean tie = false;
        for (String k : known) {
            if (k.equals(name)) {
                continue;
            }
            int d = distance(lower, k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
                tie = false;
            } else if (d == bestDistance) {
                tie = true;
            }
        }
        // a 1- or 2-character name is within 2 edits of anything short: suggest only for longer names
        return best == null || tie || name.length() <= bestDistance ? Optional.empty() : Optional.of(best);
    }

    /**
     * The optimal-string-alignment distance: like {@link #distance} (insertions, deletions, substitutions), and a
     * swap of two adjacent characters counts as one edit ({@code ByTitel} is one edit from {@code ByTitle}).
     */
    static int editsWithSwaps(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
