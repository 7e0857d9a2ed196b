package io.partita.processor.diag;

import io.partita.processor.model.Origin;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;

/**
 * What validation found for one table. Validators add to it; only the processor prints it. Generation
 * runs only from a report without errors.
 */
public final class Report {
    private final List<Problem> problems = new ArrayList<>();

    public void add(Message message, Origin origin, Object... args) {
        problems.add(Problem.of(message, origin, args));
    }

    public List<Problem> problems() {
        return List.copyOf(problems);
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(p -> p.message().kind() == Diagnostic.Kind.ERROR);
    }

    /** Whether an error with this id was already found at this element (to avoid cascades). */
    public boolean has(Message message) {
        return problems.stream().anyMatch(p -> p.message() == message);
    }
}
