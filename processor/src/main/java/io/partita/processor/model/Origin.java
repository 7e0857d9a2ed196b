package io.partita.processor.model;

import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;

/**
 * Where a declaration came from: the element, and if known the annotation and the annotation value,
 * so that a diagnostic can point at the exact value the user wrote.
 */
public record Origin(Element element, AnnotationMirror annotation, AnnotationValue value) {

    public static Origin of(Element element) {
        return new Origin(element, null, null);
    }

    public static Origin of(Element element, AnnotationMirror annotation) {
        return new Origin(element, annotation, null);
    }

    /** Points at {@code attribute} of {@code annotation} when the user wrote it explicitly, else at the annotation. */
    public static Origin of(Element element, AnnotationMirror annotation, String attribute) {
        if (annotation == null) {
            return of(element);
        }
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                annotation.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(attribute)) {
                return new Origin(element, annotation, e.getValue());
            }
        }
        return new Origin(element, annotation, null);
    }

    /** The same element and annotation, pointing at another attribute. */
    public Origin attribute(String attribute) {
        return of(element, annotation, attribute);
    }

    /** Points at one value inside an array attribute (for example one name of {@code include}). */
    public Origin withValue(AnnotationValue v) {
        return new Origin(element, annotation, v);
    }
}
