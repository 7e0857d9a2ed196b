package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.partita.processor.diag.Phrase;
import io.partita.processor.generate.Runtime.Member;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The runtime codec expression for a field type ({@code Codecs.INTEGER}, {@code Codecs.list(Codecs.STRING)},
 * {@code Codecs.nested(AddressSchema.SCHEMA)}, ...). Nested records and classes met along the way are
 * collected so their schemas get generated too.
 */
final class CodecExpressions {
    private static final Map<String, Member> SCALARS = new LinkedHashMap<>();

    static {
        SCALARS.put("java.lang.String", Member.CODECS_STRING);
        SCALARS.put("java.lang.Character", Member.CODECS_CHARACTER);
        SCALARS.put("java.lang.Integer", Member.CODECS_INTEGER);
        SCALARS.put("java.lang.Long", Member.CODECS_LONG);
        SCALARS.put("java.lang.Short", Member.CODECS_SHORT);
        SCALARS.put("java.lang.Byte", Member.CODECS_BYTE);
        SCALARS.put("java.lang.Double", Member.CODECS_DOUBLE);
        SCALARS.put("java.lang.Float", Member.CODECS_FLOAT);
        SCALARS.put("java.lang.Boolean", Member.CODECS_BOOLEAN);
        SCALARS.put("java.math.BigDecimal", Member.CODECS_BIG_DECIMAL);
        SCALARS.put("java.math.BigInteger", Member.CODECS_BIG_INTEGER);
        SCALARS.put("java.util.UUID", Member.CODECS_UUID);
        SCALARS.put("java.nio.ByteBuffer", Member.CODECS_BYTE_BUFFER);
        SCALARS.put("java.time.Instant", Member.CODECS_INSTANT);
        SCALARS.put("java.time.OffsetDateTime", Member.CODECS_OFFSET_DATE_TIME);
        SCALARS.put("java.time.ZonedDateTime", Member.CODECS_ZONED_DATE_TIME);
        SCALARS.put("java.time.LocalDate", Member.CODECS_LOCAL_DATE);
        SCALARS.put("java.time.LocalDateTime", Member.CODECS_LOCAL_DATE_TIME);
        SCALARS.put("java.time.LocalTime", Member.CODECS_LOCAL_TIME);
        SCALARS.put("java.time.Year", Member.CODECS_YEAR);
        SCALARS.put("java.time.YearMonth", Member.CODECS_YEAR_MONTH);
        SCALARS.put("java.time.MonthDay", Member.CODECS_MONTH_DAY);
        SCALARS.put("java.time.Duration", Member.CODECS_DURATION);
        SCALARS.put("java.time.Period", Member.CODECS_PERIOD);
        SCALARS.put("java.time.ZoneId", Member.CODECS_ZONE_ID);
        SCALARS.put("java.time.ZoneOffset", Member.CODECS_ZONE_OFFSET);
    }

    /** A type the runtime cannot map without help. */
    static final class Unsupported extends RuntimeException {
        /** Why, as the UnsupportedFieldType message says it. */
        final transient Phrase.Text reason;
        /** The field whose type (or a part of it) is not mapped, once known. */
        final transient io.partita.processor.model.FieldModel field;

        Unsupported(Phrase.Text reason) {
            this(reason, null);
        }

        Unsupported(Phrase.Text reason, io.partita.processor.model.FieldModel field) {
            super(reason.toString(), null, false, false);
            this.reason = reason;
            this.field = field;
        }
    }

    /** Receives nested types whose schema the codec refers to. */
    interface NestedSchemas {
        /** The class holding {@code SCHEMA} for {@code type}, generating it if needed. */
        ClassName schemaOf(TypeElement type);
    }

    private final NestedSchemas nested;

    CodecExpressions(NestedSchemas nested) {
        this.nested = nested;
    }

    CodeBlock codec(TypeMirror type) {
        TypeKind kind = type.getKind();
        if (kind.isPrimitive()) {
            return primitiveCodec(kind, type);
        }
        if (kind == TypeKind.ARRAY) {
            if (((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE) {
                return CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_BYTES);
            }
            throw new Unsupported(Phrase.ARRAY_NOT_MAPPED.with(type));
        }
        if (kind != TypeKind.DECLARED) {
            throw new Unsupported(Phrase.NOT_A_MAPPED_TYPE.with(type));
        }
        return declaredCodec((DeclaredType) type, type);
    }

    /** A primitive's codec: the boxed type's with the primitive's default for a missing attribute. */
    private static CodeBlock primitiveCodec(TypeKind kind, TypeMirror type) {
        return CodeBlock.of(
                "$T.$L",
                Runtime.CODECS,
                switch (kind) {
                    case INT -> Member.CODECS_PRIMITIVE_INT;
                    case LONG -> Member.CODECS_PRIMITIVE_LONG;
                    case SHORT -> Member.CODECS_PRIMITIVE_SHORT;
                    case BYTE -> Member.CODECS_PRIMITIVE_BYTE;
                    case DOUBLE -> Member.CODECS_PRIMITIVE_DOUBLE;
                    case FLOAT -> Member.CODECS_PRIMITIVE_FLOAT;
                    case BOOLEAN -> Member.CODECS_PRIMITIVE_BOOLEAN;
                    case CHAR -> Member.CODECS_PRIMITIVE_CHAR;
                    default -> throw new Unsupported(Phrase.NOT_A_MAPPED_TYPE.with(type));
                });
    }

    /** A declared type's codec: a built-in scalar, an enum, a container, JsonNode, or a nested type's schema. */
    private CodeBlock declaredCodec(DeclaredType declared, TypeMirror type) {
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        List<? extends TypeMirror> args = declared.getTypeArguments();
        Member scalar = SCALARS.get(name);
        if (scalar != null) {
            return CodeBlock.of("$T.$L", Runtime.CODECS, scalar);
        }
        if (name.equals("java.lang.CharSequence")) {
            return CodeBlock.of(
                    "$T.<$T>$L($T.$L, v -> $T.$L(v.toString()), v -> v.$L())",
                    Runtime.CODECS,
                    CharSequence.class,
                    Member.CODECS_OF,
                    Runtime.ATTRIBUTE_TYPE,
                    Member.ATTRIBUTE_TYPE_S,
                    Runtime.ATTRIBUTE_VALUE,
                    Member.ATTRIBUTE_VALUE_S,
                    Member.AS_S);
        }
        if (element.getKind() == ElementKind.ENUM) {
            return CodeBlock.of(
                    "$T.$L($T.values())", Runtime.CODECS, Member.CODECS_ENUMERATION, ClassName.get(element));
        }
        CodeBlock container = containerCodec(name, args, type);
        if (container != null) {
            return container;
        }
        if (name.startsWith("java.") || name.startsWith("javax.")) {
            throw new Unsupported(Phrase.NOT_A_MAPPED_TYPE.with(type));
        }
        if (element.getKind() == ElementKind.RECORD || element.getKind() == ElementKind.CLASS) {
            return CodeBlock.of("$T.$L($T.SCHEMA)", Runtime.CODECS, Member.CODECS_NESTED, nested.schemaOf(element));
        }
        throw new Unsupported(Phrase.NOT_A_MAPPED_TYPE.with(type));
    }

    /** The codec of a JDK container type (or JsonNode) named {@code name}, or null for any other type. */
    private CodeBlock containerCodec(String name, List<? extends TypeMirror> args, TypeMirror type) {
        switch (name) {
            case "java.util.Optional":
                return CodeBlock.of("$T.$L($L)", Runtime.CODECS, Member.CODECS_OPTIONAL, codec(only(args, type)));
            case "java.util.List":
            case "java.util.Collection":
            case "java.lang.Iterable":
                return CodeBlock.of("$T.$L($L)", Runtime.CODECS, Member.CODECS_LIST, codec(only(args, type)));
            case "java.util.Set":
                return CodeBlock.of("$T.$L($L)", Runtime.CODECS, Member.CODECS_SET, codec(only(args, type)));
            case "java.util.Map":
                if (args.size() != 2) {
                    throw new Unsupported(Phrase.RAW_MAP_NOT_MAPPED.with(type));
                }
                return mapCodec(args.get(0), args.get(1), type);
            case "com.fasterxml.jackson.databind.JsonNode":
                return CodeBlock.of("$T.$L()", Runtime.CODECS, Member.CODECS_JSON);
            default:
                return null;
        }
    }

    private CodeBlock mapCodec(TypeMirror key, TypeMirror value, TypeMirror whole) {
        CodeBlock valueCodec = codec(value);
        if (key.getKind() != TypeKind.DECLARED) {
            throw new Unsupported(Phrase.MAP_KEY_NOT_DECLARED.with(whole));
        }
        TypeElement k = (TypeElement) ((DeclaredType) key).asElement();
        String kn = k.getQualifiedName().toString();
        if (kn.equals("java.lang.String")) {
            return CodeBlock.of("$T.$L($L)", Runtime.CODECS, Member.CODECS_MAP, valueCodec);
        }
        TypeName keyType = TypeName.get(key);
        if (k.getKind() == ElementKind.ENUM) {
            return CodeBlock.of(
                    "$T.$L($T::name, $T::valueOf, $L)",
                    Runtime.CODECS,
                    Member.CODECS_MAP,
                    keyType,
                    keyType,
                    valueCodec);
        }
        Optional<String> parse = switch (kn) {
            case "java.util.UUID" -> Optional.of("fromString");
            case "java.lang.Integer" -> Optional.of("valueOf");
            case "java.lang.Long" -> Optional.of("valueOf");
            case "java.time.LocalDate" -> Optional.of("parse");
            default -> Optional.empty();
        };
        if (parse.isEmpty()) {
            throw new Unsupported(Phrase.MAP_KEY_NOT_MAPPED.with(whole));
        }
        return CodeBlock.of(
                "$T.$L(String::valueOf, $T::$L, $L)",
                Runtime.CODECS,
                Member.CODECS_MAP,
                keyType,
                parse.get(),
                valueCodec);
    }

    private static TypeMirror only(List<? extends TypeMirror> args, TypeMirror whole) {
        if (args.size() != 1) {
            throw new Unsupported(Phrase.RAW_CONTAINER_NOT_MAPPED.with(whole));
        }
        TypeMirror arg = args.get(0);
        if (arg.getKind() == TypeKind.WILDCARD) {
            throw new Unsupported(Phrase.WILDCARD_NOT_MAPPED.with(whole));
        }
        return arg;
    }
}
