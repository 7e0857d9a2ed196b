package io.partita.processor.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;

/**
 * What kapt's Java stubs of Kotlin code tell the processor. They keep {@code kotlin.Metadata} on each class and put
 * {@code org.jetbrains.annotations.Nullable} on a {@code T?} property's field (any annotation named {@code Nullable}
 * counts, so JSpecify's or another library's does too); they drop {@code sealed}.
 */
final class KotlinStubs {
    private static final String KOTLIN_METADATA = "kotlin.Metadata";
    private static final String NULLABLE = "Nullable";

    private KotlinStubs() {}

    /** The type was compiled from Kotlin (kapt passes it on as a stub). */
    static boolean isKotlin(Element type) {
        return Mirrors.find(type, KOTLIN_METADATA).isPresent();
    }

    /** The qualified name of the field's {@code Nullable} annotation when its class is a Kotlin class. */
    static Optional<String> nullable(VariableElement field) {
        Element owner = field.getEnclosingElement();
        if (owner == null || !isKotlin(owner)) {
            return Optional.empty();
        }
        List<AnnotationMirror> annotations = new ArrayList<>(field.getAnnotationMirrors());
        annotations.addAll(field.asType().getAnnotationMirrors());
        for (AnnotationMirror m : annotations) {
            if (m.getAnnotationType().asElement().getSimpleName().contentEquals(NULLABLE)) {
                return Optional.of(Mirrors.nameOf(m));
            }
        }
        return Optional.empty();
    }
}
