package io.partita.processor.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads annotation values through {@link AnnotationMirror}s only: class values stay {@link TypeMirror}s
 * (never {@code getAnnotation(...).table()}, which throws for classes being compiled), defaults come
 * from the annotation declaration.
 */
public final class Mirrors {
    private final Elements elements;

    public Mirrors(Elements elements) {
        this.elements = elements;
    }

    public static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            if (nameOf(m).equals(qualifiedName)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** A repeatable annotation, whether written once (direct) or several times (in its {@code List} container). */
    public static List<AnnotationMirror> findAll(Element element, String qualifiedName) {
        List<AnnotationMirror> found = new ArrayList<>();
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            String name = nameOf(m);
            if (name.equals(qualifiedName)) {
                found.add(m);
            } else if (name.equals(qualifiedName + ".List")) {
                for (AnnotationValue v : explicitArray(m, "value")) {
                    if (v.getValue() instanceof AnnotationMirror nested) {
                        found.add(nested);
                    }
                }
            }
        }
        return found;
    }

    static String nameOf(AnnotationMirror m) {
        return ((TypeElement) m.getAnnotationType().asElement())
                .getQualifiedName()
                .toString();
    }

    private static List<? extends AnnotationValue> explicitArray(AnnotationMirror m, String attribute) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                m.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(attribute)
                    && e.getValue().getValue() instanceof List<?> list) {
                @SuppressWarnings("unchecked")
                List<? extends AnnotationValue> values = (List<? extends AnnotationValue>) list;
                return values;
            }
        }
        return List.of();
    }

    /** The value of {@code attribute}, explicit or default; null when the annotation has no such attribute. */
    public AnnotationValue value(AnnotationMirror m, String attribute) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                elements.getElementValuesWithDefaults(m).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(attribute)) {
                return e.getValue();
            }
        }
        return null;
    }

    public boolean isExplicit(AnnotationMirror m, String attribute) {
        return m.getElementValues().keySet().stream()
                .anyMatch(k -> k.getSimpleName().contentEquals(attribute));
    }

    public String string(AnnotationMirror m, String attribute) {
        AnnotationValue v = value(m, attribute);
        return v != null && v.getValue() instanceof String s ? s : "";
    }

    public int integer(AnnotationMirror m, String attribute, int fallback) {
        AnnotationValue v = value(m, attribute);
        return v != null && v.getValue() instanceof Integer i ? i : fallback;
    }

    /** The constant name of an enum-valued attribute. */
    public String enumName(AnnotationMirror m, String attribute, String fallback) {
        AnnotationValue v = value(m, attribute);
        return v != null && v.getValue() instanceof VariableElement c
                ? c.getSimpleName().toString()
                : fallback;
    }

    /** The values of an array attribute (a single value written without braces is a one-element list). */
    public List<AnnotationValue> array(AnnotationMirror m, String attribute) {
        AnnotationValue v = value(m, attribute);
        if (v == null) {
            return List.of();
        }
        if (v.getValue() instanceof List<?> list) {
            List<AnnotationValue> out = new ArrayList<>();
            for (Object o : list) {
                out.add((AnnotationValue) o);
            }
            return out;
        }
        return List.of(v);
    }

    /** A class-valued attribute, empty when it did not resolve. */
    public Optional<TypeMirror> type(AnnotationMirror m, String attribute) {
        AnnotationValue v = value(m, attribute);
        if (v != null && v.getValue() instanceof TypeMirror t && t.getKind() == TypeKind.DECLARED) {
            return Optional.of(t);
        }
        return Optional.empty();
    }
}
