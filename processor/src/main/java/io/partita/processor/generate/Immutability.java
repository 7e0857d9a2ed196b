package io.partita.processor.generate;

import io.partita.processor.extract.AnnotationNames;
import io.partita.processor.model.Construction;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Decides whether an entity's decoded instances are deeply immutable values, so that the runtime may keep one with
 * the stored item it was read from and hand it out again ({@code ItemSchema.memoizableType()}): a record whose every
 * component, stored or not, is of a deeply immutable type, read without a user converter. Conservative: any type
 * not known here (collections, arrays, {@code byte[]}, {@code Optional}, classes, generic records) says no.
 */
final class Immutability {
    /** Value types of the JDK that are immutable, by qualified name (primitives and enums are checked apart). */
    private static final Set<String> IMMUTABLE = Set.of(
            "java.lang.String",
            "java.lang.Boolean",
            "java.lang.Byte",
            "java.lang.Short",
            "java.lang.Character",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Float",
            "java.lang.Double",
            "java.math.BigDecimal",
            "java.math.BigInteger",
            "java.util.UUID",
            "java.time.Instant",
            "java.time.LocalDate",
            "java.time.LocalDateTime",
            "java.time.LocalTime",
            "java.time.OffsetDateTime",
            "java.time.OffsetTime",
            "java.time.ZonedDateTime",
            "java.time.Duration",
            "java.time.Period",
            "java.time.Year",
            "java.time.YearMonth",
            "java.time.MonthDay",
            "java.time.ZoneId",
            "java.time.ZoneOffset");

    private Immutability() {}

    /** True when {@code entity} is a record whose every field is deeply immutable and read without a converter. */
    static boolean memoizable(EntityModel entity) {
        if (entity.construction().strategy() != Construction.Strategy.RECORD) {
            return false;
        }
        Set<String> seen = new HashSet<>(List.of(entity.qualifiedName()));
        for (FieldModel f : entity.fields()) {
            if (f.isConverted() || !deeplyImmutable(Schemas.typeOf(f), seen)) {
                return false;
            }
        }
        return true;
    }

    private static boolean deeplyImmutable(TypeMirror type, Set<String> seen) {
        if (type.getKind().isPrimitive()) {
            return true;
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return false; // arrays (byte[] too), type variables, wildcards, unresolved types
        }
        Element element = ((DeclaredType) type).asElement();
        if (element.getKind() == ElementKind.ENUM) {
            return true; // decoding returns the constant itself, as a fresh decode would
        }
        TypeElement te = (TypeElement) element;
        String name = te.getQualifiedName().toString();
        if (IMMUTABLE.contains(name)) {
            return true;
        }
        if (element.getKind() != ElementKind.RECORD || !te.getTypeParameters().isEmpty()) {
            return false;
        }
        if (!seen.add(name)) {
            return true; // a record reached again through its own components: judged where first met
        }
        for (RecordComponentElement c : te.getRecordComponents()) {
            if (converted(c) || converted(c.getAccessor()) || !deeplyImmutable(c.asType(), seen)) {
                return false;
            }
        }
        return true;
    }

    /** True when a nested record's component carries {@code @Convert} (on the component or its accessor). */
    private static boolean converted(Element e) {
        if (e == null) {
            return false;
        }
        for (AnnotationMirror a : e.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement())
                    .getQualifiedName()
                    .contentEquals(AnnotationNames.CONVERT)) {
                return true;
            }
        }
        return false;
    }
}
