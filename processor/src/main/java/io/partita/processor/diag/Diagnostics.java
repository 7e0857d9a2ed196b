package io.partita.processor.diag;

import io.partita.processor.model.Origin;
import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;

/**
 * The only place that prints diagnostics. Prints each distinct problem once per compilation, even when
 * a shared table is validated again in a later round.
 */
public final class Diagnostics {
    private final Messager messager;
    private final SourcePositions positions;
    private final Set<String> printed = new HashSet<>();

    public Diagnostics(ProcessingEnvironment env) {
        this.messager = env.getMessager();
        this.positions = SourcePositions.create(env);
    }

    public void print(ValidationReport report) {
        report.problems().forEach(this::print);
    }

    public void print(Problem problem) {
        Origin o = problem.origin();
        String key = problem.text()
                + '\u0000'
                + (o == null ? "" : String.valueOf(o.element()))
                + '\u0000'
                + (o == null || o.value() == null ? "" : o.value().toString());
        if (!printed.add(key)) {
            return;
        }
        if (o != null
                && o.element() != null
                && o.annotation() != null
                && positions.print(problem.rule().kind(), problem.text(), o.element(), o.annotation(), o.value())) {
            return;
        }
        if (o == null || o.element() == null) {
            messager.printMessage(problem.rule().kind(), problem.text());
        } else if (o.annotation() == null) {
            messager.printMessage(problem.rule().kind(), problem.text(), o.element());
        } else if (o.value() == null) {
            messager.printMessage(problem.rule().kind(), problem.text(), o.element(), o.annotation());
        } else {
            messager.printMessage(problem.rule().kind(), problem.text(), o.element(), o.annotation(), o.value());
        }
    }

    public void report(Rule rule, Origin origin, Object... args) {
        print(Problem.of(rule, origin, args));
    }
}
