package io.partita.server;

import io.netty.util.internal.logging.AbstractInternalLogger;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.io.PrintStream;

/**
 * Netty's log, written to standard error: info, warnings and errors, as the JDK's logger would print them by
 * default (debug and trace are off), one line each ({@code partita-server: netty WARN <logger>: <message>}) and the
 * stack trace of an exception. Netty's own JDK logger would load the JDK's logging framework at start (its
 * configuration, the security properties, a service lookup over the class path: 85 classes, a fifth of the start
 * with the class-data archive) before anything is logged; the jar has no other logging library.
 */
final class NettyLog extends InternalLoggerFactory {
    static final NettyLog INSTANCE = new NettyLog();

    private NettyLog() {}

    @Override
    protected InternalLogger newInstance(String name) {
        return new Logger(name, System.err);
    }

    /**
     * {@code pattern} with each {@code {}} replaced by the next argument (SLF4J's and Netty's convention); a last
     * argument that is a {@link Throwable} and left over is returned as the exception instead.
     */
    static String format(String pattern, Object[] args, Throwable[] leftOver) {
        if (pattern == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(pattern.length() + 32);
        int used = 0;
        int from = 0;
        int at;
        while (used < args.length && (at = pattern.indexOf("{}", from)) >= 0) {
            out.append(pattern, from, at).append(args[used++]);
            from = at + 2;
        }
        out.append(pattern, from, pattern.length());
        if (used < args.length && args[args.length - 1] instanceof Throwable t) {
            leftOver[0] = t;
        }
        return out.toString();
    }

    /** One named logger; {@link AbstractInternalLogger} routes the rest (levels, throwables alone) here. */
    static final class Logger extends AbstractInternalLogger {
        private static final long serialVersionUID = 1L;
        private static final Object[] NONE = {};

        private final transient PrintStream out;

        Logger(String name, PrintStream out) {
            super(name);
            this.out = out;
        }

        private void print(String level, String pattern, Object[] args, Throwable thrown) {
            Throwable[] leftOver = {thrown};
            String message = format(pattern, args, leftOver);
            synchronized (out) {
                out.println("partita-server: netty " + level + " " + name() + ": " + message);
                if (leftOver[0] != null) {
                    leftOver[0].printStackTrace(out);
                }
            }
        }

        @Override
        public boolean isTraceEnabled() {
            return false;
        }

        @Override
        public void trace(String msg) {}

        @Override
        public void trace(String format, Object arg) {}

        @Override
        public void trace(String format, Object argA, Object argB) {}

        @Override
        public void trace(String format, Object... arguments) {}

        @Override
        public void trace(String msg, Throwable t) {}

        @Override
        public boolean isDebugEnabled() {
            return false;
        }

        @Override
        public void debug(String msg) {}

        @Override
        public void debug(String format, Object arg) {}

        @Override
        public void debug(String format, Object argA, Object argB) {}

        @Override
        public void debug(String format, Object... arguments) {}

        @Override
        public void debug(String msg, Throwable t) {}

        @Override
        public boolean isInfoEnabled() {
            return true;
        }

        @Override
        public void info(String msg) {
            print("INFO", msg, NONE, null);
        }

        @Override
        public void info(String format, Object arg) {
            print("INFO", format, new Object[] {arg}, null);
        }

        @Override
        public void info(String format, Object argA, Object argB) {
            print("INFO", format, new Object[] {argA, argB}, null);
        }

        @Override
        public void info(String format, Object... arguments) {
            print("INFO", format, arguments, null);
        }

        @Override
        public void info(String msg, Throwable t) {
            print("INFO", msg, NONE, t);
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public void warn(String msg) {
            print("WARN", msg, NONE, null);
        }

        @Override
        public void warn(String format, Object arg) {
            print("WARN", format, new Object[] {arg}, null);
        }

        @Override
        public void warn(String format, Object argA, Object argB) {
            print("WARN", format, new Object[] {argA, argB}, null);
        }

        @Override
        public void warn(String format, Object... arguments) {
            print("WARN", format, arguments, null);
        }

        @Override
        public void warn(String msg, Throwable t) {
            print("WARN", msg, NONE, t);
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }

        @Override
        public void error(String msg) {
            print("ERROR", msg, NONE, null);
        }

        @Override
        public void error(String format, Object arg) {
            print("ERROR", format, new Object[] {arg}, null);
        }

        @Override
        public void error(String format, Object argA, Object argB) {
            print("ERROR", format, new Object[] {argA, argB}, null);
        }

        @Override
        public void error(String format, Object... arguments) {
            print("ERROR", format, arguments, null);
        }

        @Override
        public void error(String msg, Throwable t) {
            print("ERROR", msg, NONE, t);
        }
    }
}
