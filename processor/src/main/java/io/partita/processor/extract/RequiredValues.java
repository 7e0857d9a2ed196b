package io.partita.processor.extract;

import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Rule;
import io.partita.processor.model.Origin;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * The annotation elements a design needs. They have placeholder defaults in the annotations so that a
 * javac-level mistake in one annotation ({@code @GsiKey(name = ...)}: "cannot find symbol") stays a
 * recoverable error: with a required element missing, javac would not run annotation processing at all and
 * every repository of the module would be missing. The processor reports the missing element instead.
 */
public final class RequiredValues {
    /** Annotation -> the elements it needs; containers of repeated annotations ({@code Gsi.List}) are looked into. */
    private static final Map<String, List<String>> REQUIRED = Map.of(
            AnnotationNames.TABLE, List.of("name"),
            AnnotationNames.ENTITY, List.of("table", "type"),
            AnnotationNames.GSI, List.of("name"),
            AnnotationNames.LSI, List.of("name"),
            AnnotationNames.GSI_KEY, List.of("index"),
            AnnotationNames.LSI_KEY, List.of("index"),
            AnnotationNames.SCATTER, List.of("index"),
            AnnotationNames.KEY, List.of("pk"),
            AnnotationNames.ATTRIBUTE, List.of("value"),
            AnnotationNames.CONVERT, List.of("value"));

    private RequiredValues() {}

    /** Reports every required element not set on the type or its fields; true if there was one. */
    public static boolean missing(TypeElement type, Diagnostics diagnostics) {
        boolean missing = check(type, diagnostics);
        for (Element f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            missing |= check(f, diagnostics);
        }
        return missing;
    }

    private static boolean check(Element e, Diagnostics diagnostics) {
        boolean missing = false;
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            missing |= check(e, m, diagnostics);
        }
        return missing;
    }

    private static boolean check(Element e, AnnotationMirror m, Diagnostics diagnostics) {
        String name = ((TypeElement) m.getAnnotationType().asElement())
                .getQualifiedName()
                .toString();
        if (!name.startsWith(AnnotationNames.PACKAGE)) {
            return false;
        }
        boolean missing = false;
        String simple = name.substring(AnnotationNames.PACKAGE.length());
        if (simple.endsWith(".List")) { // a container of repeated annotations
            for (AnnotationValue v : m.getElementValues().values()) {
                if (v.getValue() instanceof List<?> values) {
                    for (Object o : values) {
                        if (o instanceof AnnotationValue av && av.getValue() instanceof AnnotationMirror inner) {
                            missing |= check(e, inner, diagnostics);
                        }
                    }
                }
            }
            return missing;
        }
        for (String element : REQUIRED.getOrDefault(name, List.of())) {
            boolean set = m.getElementValues().keySet().stream()
                    .map(ExecutableElement::getSimpleName)
                    .anyMatch(n -> n.contentEquals(element));
            if (!set) {
                diagnostics.report(Rule.MissingAnnotationValue, Origin.of(e, m), simple, e, element, simple, element);
                missing = true;
            }
        }
        return missing;
    }
}
