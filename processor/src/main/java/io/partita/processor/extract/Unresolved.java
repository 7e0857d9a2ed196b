package io.partita.processor.extract;

import io.partita.processor.diag.Phrase;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Finds references that did not resolve (missing classes, or classes another processor generates in a
 * later round), so that a type is deferred instead of validated against error types.
 */
public final class Unresolved {
    private Unresolved() {}

    /** A description of the first unresolved reference of {@code type}, if any. */
    public static Optional<Phrase.Text> in(TypeElement type) {
        if (type.getSuperclass().getKind() == TypeKind.ERROR) {
            return Optional.of(Phrase.SUPERCLASS.with(type.getSuperclass()));
        }
        Optional<Phrase.Text> annotations = inAnnotations(type);
        if (annotations.isPresent()) {
            return annotations;
        }
        for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            if (f.getModifiers().contains(Modifier.STATIC)) {
                continue;
            }
            if (hasError(f.asType())) {
                return Optional.of(Phrase.FIELD_TYPE.with(f.asType(), f.getSimpleName()));
            }
            annotations = inAnnotations(f);
            if (annotations.isPresent()) {
                return annotations;
            }
        }
        return Optional.empty();
    }

    private static Optional<Phrase.Text> inAnnotations(Element e) {
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            if (m.getAnnotationType().getKind() == TypeKind.ERROR) {
                return Optional.of(Phrase.ANNOTATION.with(m.getAnnotationType()));
            }
            for (AnnotationValue v : m.getElementValues().values()) {
                Object value = v.getValue();
                if ((value instanceof TypeMirror t && hasError(t)) || "<error>".equals(value)) {
                    return Optional.of(Phrase.ANNOTATION_VALUE.with(v, m.getAnnotationType()));
                }
            }
        }
        return Optional.empty();
    }

    static boolean hasError(TypeMirror t) {
        return switch (t.getKind()) {
            case ERROR -> true;
            case ARRAY -> hasError(((ArrayType) t).getComponentType());
            case DECLARED -> ((DeclaredType) t).getTypeArguments().stream().anyMatch(Unresolved::hasError);
            default -> false;
        };
    }
}
