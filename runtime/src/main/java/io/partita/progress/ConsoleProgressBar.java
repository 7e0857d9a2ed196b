package io.partita.progress;

import java.io.Console;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * A {@link ProgressListener} drawing one line that redraws itself ({@code \r}): the task, a bar when the total is
 * known, the count, the rate and the time left, ending the line when the task finishes. Quiet when not on a
 * terminal (a log file would fill with redraws): {@link #onConsole()} draws only when the JVM has a console.
 *
 * <pre>
 * import Orders [##########..........]  50% 50,000/100,000  12,345/s  ETA 0:04
 * </pre>
 */
public final class ConsoleProgressBar implements ProgressListener {
    private static final int BAR = 20;

    private final PrintStream out;
    private final boolean terminal;
    private int lastLength;

    /** Draws on {@code out} when {@code terminal}; does nothing otherwise. */
    public ConsoleProgressBar(PrintStream out, boolean terminal) {
        this.out = Objects.requireNonNull(out, "out");
        this.terminal = terminal;
    }

    /** Draws on standard output when the JVM has a console (an interactive terminal), else stays quiet. */
    public static ConsoleProgressBar onConsole() {
        return new ConsoleProgressBar(System.out, interactive());
    }

    /**
     * Whether standard input and output are a terminal. Before JDK 22 that is {@code System.console() != null}; from
     * JDK 22 a console is there even when output is redirected, and {@code Console.isTerminal()} (not in Java 17's
     * API, so looked up by method handle) says it.
     */
    @SuppressWarnings("SystemConsoleNull") // checked for JDK 22+ through isTerminal() below
    static boolean interactive() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        MethodHandle isTerminal;
        try {
            isTerminal = MethodHandles.publicLookup()
                    .findVirtual(Console.class, "isTerminal", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return true; // before JDK 22 a console exists only on a terminal
        }
        try {
            return (boolean) isTerminal.invoke(console);
        } catch (Throwable e) {
            return false;
        }
    }

    @Override
    public synchronized void onProgress(Progress p) {
        if (!terminal) {
            return;
        }
        String line = line(p);
        // pad over the rest of a longer previous line
        String padding = " ".repeat(Math.max(0, lastLength - line.length()));
        out.print('\r' + line + padding);
        lastLength = line.length();
        if (p.finished()) {
            out.println();
            lastLength = 0;
        }
        out.flush();
    }

    /** The line drawn for {@code p}, without the carriage return. */
    public static String line(Progress p) {
        StringBuilder s = new StringBuilder(p.task());
        p.fraction().ifPresent(f -> {
            int filled = (int) Math.round(f * BAR);
            s.append(" [")
                    .append("#".repeat(filled))
                    .append(".".repeat(BAR - filled))
                    .append(String.format(Locale.ROOT, "] %3d%%", Math.round(f * 100)));
        });
        s.append(String.format(Locale.ROOT, " %,d", p.done()));
        p.knownTotal().ifPresent(t -> s.append(String.format(Locale.ROOT, "/%,d", t)));
        s.append(String.format(Locale.ROOT, "  %,.0f/s", p.ratePerSecond()));
        if (p.finished()) {
            s.append("  done in ").append(clock(p.elapsed()));
        } else {
            p.timeLeft().ifPresent(t -> s.append("  ETA ").append(clock(t)));
        }
        return s.toString();
    }

    /** {@code h:mm:ss} or {@code m:ss}. */
    static String clock(Duration d) {
        long seconds = d.toSeconds() + (d.toMillisPart() > 0 ? 1 : 0);
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long sec = seconds % 60;
        return h > 0
                ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec)
                : String.format(Locale.ROOT, "%d:%02d", m, sec);
    }
}
