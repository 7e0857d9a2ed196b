package io.partita.processor.extract;

import io.partita.processor.model.AutoValue;
import io.partita.processor.model.AutoValue.Kind;
import io.partita.processor.model.Origin;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.VariableElement;

/** Reads a field's {@code @CreatedAt}, {@code @UpdatedAt} and {@code @Counter} (in that order). */
final class AutoValues {
    private AutoValues() {}

    static List<AutoValue> of(VariableElement f, Mirrors mirrors) {
        List<AutoValue> out = new ArrayList<>(1);
        Mirrors.find(f, AnnotationNames.CREATED_AT)
                .ifPresent(m -> out.add(new AutoValue(Kind.CREATED_AT, 0, 0, Origin.of(f, m))));
        Mirrors.find(f, AnnotationNames.UPDATED_AT)
                .ifPresent(m -> out.add(new AutoValue(Kind.UPDATED_AT, 0, 0, Origin.of(f, m))));
        Mirrors.find(f, AnnotationNames.COUNTER)
                .ifPresent(m -> out.add(new AutoValue(
                        Kind.COUNTER,
                        number(mirrors, m, "delta", 1),
                        number(mirrors, m, "start", 0),
                        Origin.of(f, m))));
        return out;
    }

    private static long number(Mirrors mirrors, AnnotationMirror m, String attribute, long fallback) {
        AnnotationValue v = mirrors.value(m, attribute);
        return v != null && v.getValue() instanceof Number n ? n.longValue() : fallback;
    }
}
