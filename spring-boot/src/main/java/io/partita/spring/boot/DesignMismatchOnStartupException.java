package io.partita.spring.boot;

import io.partita.DesignReport;

/**
 * {@code partita.tables.check-on-startup=fail} found a deployed table that differs from the compiled design: the
 * application does not start. {@link #report()} lists every difference (table, index, expected, found).
 */
public final class DesignMismatchOnStartupException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final transient DesignReport report;

    DesignMismatchOnStartupException(String message, DesignReport report) {
        super(message);
        this.report = report;
    }

    /** The design check's report. */
    public DesignReport report() {
        return report;
    }
}
