package io.partita.processor.extract;

import io.partita.processor.model.JavaType;
import io.partita.processor.model.JavaType.Category;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Decides how a Java type is stored and whether it can be a key, a template part or a shard source. */
public final class TypeClassifier {
    private static final Set<String> INTEGRAL_OR_FLOATING_BOXES = Set.of(
            "java.lang.Byte",
            "java.lang.Short",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Float",
            "java.lang.Double");
    private static final Set<String> UNBOUNDED_NUMBERS = Set.of("java.math.BigDecimal", "java.math.BigInteger");
    private static final Set<String> STRINGS =
            Set.of("java.lang.String", "java.lang.CharSequence", "java.lang.Character");
    /** java.time types rendered as fixed-precision ISO-8601 (zoned values in UTC): text sorts like the value. */
    private static final Set<String> ORDERED_TIME = Set.of(
            "java.time.Instant",
            "java.time.LocalDate",
            "java.time.LocalDateTime",
            "java.time.LocalTime",
            "java.time.OffsetDateTime",
            "java.time.ZonedDateTime",
            "java.time.OffsetTime",
            "java.time.Year",
            "java.time.YearMonth",
            "java.time.MonthDay");
    /** java.time types whose ISO text does not sort like the value. */
    private static final Set<String> UNORDERED_TIME =
            Set.of("java.time.Duration", "java.time.Period", "java.time.ZoneId", "java.time.ZoneOffset");

    private final Types types;
    private final Elements elements;

    public TypeClassifier(Types types, Elements elements) {
        this.types = types;
        this.elements = elements;
    }

    /** A primitive: boolean as BOOL, char as a one-character S, the others as numbers. */
    private static JavaType primitive(String display, TypeKind kind) {
        return switch (kind) {
            case BOOLEAN -> new JavaType(display, Category.BOOLEAN, true, -1, true, false, "boolean");
            case CHAR -> new JavaType(display, Category.STRING, true, -1, true, false, "char");
            default ->
                new JavaType(
                        display,
                        Category.NUMBER,
                        true,
                        -1,
                        false,
                        true,
                        kind.name().toLowerCase(java.util.Locale.ROOT));
        };
    }

    public JavaType classify(TypeMirror type) {
        String display = display(type);
        TypeKind kind = type.getKind();
        if (kind.isPrimitive()) {
            return primitive(display, kind);
        }
        if (kind == TypeKind.ARRAY) {
            boolean bytes = ((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE;
            return new JavaType(
                    display, bytes ? Category.BINARY : Category.COLLECTION, false, -1, bytes, false, "byte[]");
        }
        if (kind == TypeKind.ERROR) {
            return new JavaType(display, Category.ERROR, false, -1, false, false, display);
        }
        if (kind != TypeKind.DECLARED) {
            return new JavaType(display, Category.OBJECT, false, -1, false, false, display);
        }
        TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
        String name = element.getQualifiedName().toString();
        if (element.getKind() == ElementKind.ENUM) {
            int constants = (int) element.getEnclosedElements().stream()
                    .filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT)
                    .count();
            return new JavaType(display, Category.STRING, false, constants, true, false, name);
        }
        if (STRINGS.contains(name) || name.equals("java.util.UUID") || ORDERED_TIME.contains(name)) {
            return new JavaType(display, Category.STRING, false, -1, true, false, name);
        }
        if (UNORDERED_TIME.contains(name)) {
            return new JavaType(display, Category.STRING, false, -1, false, false, name);
        }
        if (INTEGRAL_OR_FLOATING_BOXES.contains(name)) {
            return new JavaType(display, Category.NUMBER, false, -1, false, true, name);
        }
        if (UNBOUNDED_NUMBERS.contains(name)) {
            return new JavaType(display, Category.NUMBER, false, -1, false, false, name);
        }
        if (name.equals("java.lang.Boolean")) {
            return new JavaType(display, Category.BOOLEAN, false, -1, true, false, name);
        }
        if (name.equals("java.nio.ByteBuffer")) {
            return new JavaType(display, Category.BINARY, false, -1, true, false, name);
        }
        if (isSubtypeOf(type, "java.util.Map")) {
            return new JavaType(display, Category.MAP, false, -1, false, false, name);
        }
        if (isSubtypeOf(type, "java.lang.Iterable")) {
            return new JavaType(display, Category.COLLECTION, false, -1, false, false, name);
        }
        return new JavaType(display, Category.OBJECT, false, -1, false, false, name);
    }

    private boolean isSubtypeOf(TypeMirror type, String qualifiedName) {
        TypeElement target = elements.getTypeElement(qualifiedName);
        return target != null && types.isAssignable(types.erasure(type), types.erasure(target.asType()));
    }

    /** The type as a user wrote it, without the noise of java.lang/java.util/java.time package names. */
    static String display(TypeMirror type) {
        return type.toString().replaceAll("\\bjava\\.(lang|util|time|math|nio)\\.", "");
    }
}
