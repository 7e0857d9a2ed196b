package io.partita.processor.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;

/**
 * Whether a field is a nullable Kotlin property. kapt compiles Kotlin to Java stubs that keep {@code kotlin.Metadata}
 * on the class and put {@code org.jetbrains.annotations.Nullable} on a {@code T?} property's field; any annotation
 * named {@code Nullable} counts, so JSpecify's or another library's does too.
 */
final class KotlinNullability {
    private static final String KOTLIN_METADATA = "kotlin.Metadata";
    private static final String NULLABLE = "Nullable";

    private KotlinNullability() {}

    /** The qualified name of the field's {@code Nullable} annotation when its class is a Kotlin class. */
    static Optional<String> of(VariableElement field) {
        Element owner = field.getEnclosingElement();
        if (owner == null || Mirrors.find(owner, KOTLIN_METADATA).isEmpty()) {
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
