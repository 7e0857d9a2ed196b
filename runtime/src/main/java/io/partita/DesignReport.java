package io.partita;

import io.partita.internal.RuntimeMessage;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The result of {@link Tables#check}: every difference between the deployed tables and the compiled design.
 * Empty when the deployment serves every generated access pattern.
 */
public record DesignReport(List<DesignMismatch> mismatches) {
    public DesignReport {
        mismatches = List.copyOf(mismatches);
    }

    /** True when nothing differs. */
    public boolean matches() {
        return mismatches.isEmpty();
    }

    /** The mismatches of one kind. */
    public List<DesignMismatch> of(DesignMismatch.Kind kind) {
        return mismatches.stream().filter(m -> m.kind() == kind).toList();
    }

    /** Throws {@link IllegalStateException} listing every mismatch unless the deployment matches the design. */
    public DesignReport requireMatch() {
        if (!matches()) {
            throw new IllegalStateException(RuntimeMessage.DesignMismatches.format(mismatches.size(), this));
        }
        return this;
    }

    @Override
    public String toString() {
        return matches()
                ? "deployed tables match the design"
                : mismatches.stream().map(DesignMismatch::toString).collect(Collectors.joining("\n"));
    }
}
