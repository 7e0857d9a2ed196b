package io.partita.processor.model;

import io.partita.processor.diag.Phrase;
import java.util.Optional;

/**
 * A field's {@code @Convert}: the user converter that stores it.
 *
 * @param className the converter's canonical name (empty when the class did not resolve)
 * @param packageName the converter's package (with className, tells nested classes apart for generators)
 * @param problem why the class cannot serve as this field's converter; empty when it can
 * @param origin the annotation's {@code value}
 */
public record ConverterModel(String className, String packageName, Optional<Phrase.Text> problem, Origin origin) {

    /** The simple names from the outermost class: {@code ["Outer", "Inner"]}. */
    public java.util.List<String> simpleNames() {
        String rest = packageName.isEmpty() ? className : className.substring(packageName.length() + 1);
        return java.util.List.of(rest.split("\\."));
    }

    public boolean isValid() {
        return problem.isEmpty();
    }
}
