package io.partita.processor.design;

import io.partita.processor.model.Origin;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The design is compared once processing is over, but the models hold elements of the round that generated them,
 * which javac no longer maps to source then. This finds the same element (type by qualified name, member by kind
 * and name), annotation (by position) and annotation value (by attribute) in the current round, so a diagnostic
 * still points at the changed line.
 */
final class FreshOrigins {
    private final Elements elements;

    FreshOrigins(Elements elements) {
        this.elements = elements;
    }

    /** The same origin in the current round; without position when the element is gone. */
    Origin of(Origin o) {
        if (o == null || o.element() == null) {
            return o;
        }
        Element fresh = element(o.element());
        if (fresh == null) {
            return null;
        }
        if (o.annotation() == null) {
            return Origin.of(fresh);
        }
        List<? extends AnnotationMirror> old = o.element().getAnnotationMirrors();
        int i = old.indexOf(o.annotation());
        List<? extends AnnotationMirror> now = fresh.getAnnotationMirrors();
        if (i < 0 || i >= now.size()) {
            return Origin.of(fresh);
        }
        AnnotationMirror annotation = now.get(i);
        if (o.value() != null) {
            for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                    o.annotation().getElementValues().entrySet()) {
                if (e.getValue() == o.value()) {
                    return Origin.of(
                            fresh, annotation, e.getKey().getSimpleName().toString());
                }
            }
        }
        return Origin.of(fresh, annotation);
    }

    private Element element(Element e) {
        if (e instanceof TypeElement t) {
            return elements.getTypeElement(t.getQualifiedName());
        }
        Element owner = e.getEnclosingElement() == null ? null : element(e.getEnclosingElement());
        if (owner == null) {
            return null;
        }
        for (Element member : owner.getEnclosedElements()) {
            if (member.getKind() == e.getKind() && member.getSimpleName().contentEquals(e.getSimpleName())) {
                return member;
            }
        }
        return null;
    }
}
