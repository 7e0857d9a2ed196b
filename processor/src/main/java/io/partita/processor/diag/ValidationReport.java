package io.partita.processor.diag;

import io.partita.processor.model.Origin;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;

/**
 * What validation found for one table. Validators add to it; only the processor prints it. Generation
 * runs only from a report without errors.
 */
public final class ValidationReport {
    private final List<Problem> problems = new ArrayList<>();

    public void add(Rule rule, Origin origin, Object... args) {
        problems.add(Problem.of(rule, origin, args));
    }

    public List<Problem> problems() {
        return List.copyOf(problems);
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(p -> p.rule().kind() == Diagnostic.Kind.ERROR);
    }

    /** Whether an error with this id was already found at this element (to avoid cascades). */
    public boolean has(Rule rule) {
        return problems.stream().anyMatch(p -> p.rule() == rule);
    }
}
