package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
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
  private static final Map<String, String> SCALARS = new LinkedHashMap<>();

  static {
    SCALARS.put("java.lang.String", "STRING");
    SCALARS.put("java.lang.Character", "CHARACTER");
    SCALARS.put("java.lang.Integer", "INTEGER");
    SCALARS.put("java.lang.Long", "LONG");
    SCALARS.put("java.lang.Short", "SHORT");
    SCALARS.put("java.lang.Byte", "BYTE");
    SCALARS.put("java.lang.Double", "DOUBLE");
    SCALARS.put("java.lang.Float", "FLOAT");
    SCALARS.put("java.lang.Boolean", "BOOLEAN");
    SCALARS.put("java.math.BigDecimal", "BIG_DECIMAL");
    SCALARS.put("java.math.BigInteger", "BIG_INTEGER");
    SCALARS.put("java.util.UUID", "UUID");
    SCALARS.put("java.nio.ByteBuffer", "BYTE_BUFFER");
    SCALARS.put("java.time.Instant", "INSTANT");
    SCALARS.put("java.time.OffsetDateTime", "OFFSET_DATE_TIME");
    SCALARS.put("java.time.ZonedDateTime", "ZONED_DATE_TIME");
    SCALARS.put("java.time.LocalDate", "LOCAL_DATE");
    SCALARS.put("java.time.LocalDateTime", "LOCAL_DATE_TIME");
    SCALARS.put("java.time.LocalTime", "LOCAL_TIME");
    SCALARS.put("java.time.Year", "YEAR");
    SCALARS.put("java.time.YearMonth", "YEAR_MONTH");
    SCALARS.put("java.time.MonthDay", "MONTH_DAY");
    SCALARS.put("java.time.Duration", "DURATION");
    SCALARS.put("java.time.Period", "PERIOD");
    SCALARS.put("java.time.ZoneId", "ZONE_ID");
    SCALARS.put("java.time.ZoneOffset", "ZONE_OFFSET");
  }

  /** A type the runtime cannot map without help. */
  static final class Unsupported extends RuntimeException {
    /** The field whose type (or a part of it) is not mapped, once known. */
    final transient io.partita.processor.model.FieldModel field;

    Unsupported(String message) {
      this(message, null);
    }

    Unsupported(String message, io.partita.processor.model.FieldModel field) {
      super(message, null, false, false);
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
      return CodeBlock.of("$T.PRIMITIVE_$L", Runtime.CODECS, switch (kind) {
        case INT -> "INT";
        case LONG -> "LONG";
        case SHORT -> "SHORT";
        case BYTE -> "BYTE";
        case DOUBLE -> "DOUBLE";
        case FLOAT -> "FLOAT";
        case BOOLEAN -> "BOOLEAN";
        case CHAR -> "CHAR";
        default -> throw new Unsupported(type.toString());
      });
    }
    if (kind == TypeKind.ARRAY) {
      if (((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE) {
        return CodeBlock.of("$T.BYTES", Runtime.CODECS);
      }
      throw new Unsupported(type + ": arrays other than byte[] are not mapped; use a List");
    }
    if (kind != TypeKind.DECLARED) {
      throw new Unsupported(type + " is not a mapped type");
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    String name = element.getQualifiedName().toString();
    List<? extends TypeMirror> args = declared.getTypeArguments();
    String scalar = SCALARS.get(name);
    if (scalar != null) {
      return CodeBlock.of("$T.$L", Runtime.CODECS, scalar);
    }
    if (name.equals("java.lang.CharSequence")) {
      return CodeBlock.of("$T.<$T>of($T.S, v -> $T.s(v.toString()), v -> v.asS())", Runtime.CODECS,
          CharSequence.class, ClassName.get("io.partita.storage.value", "AttributeType"), Runtime.ATTRIBUTE_VALUE);
    }
    if (element.getKind() == ElementKind.ENUM) {
      return CodeBlock.of("$T.enumeration($T.values())", Runtime.CODECS, ClassName.get(element));
    }
    switch (name) {
      case "java.util.Optional":
        return CodeBlock.of("$T.optional($L)", Runtime.CODECS, codec(only(args, type)));
      case "java.util.List":
      case "java.util.Collection":
      case "java.lang.Iterable":
        return CodeBlock.of("$T.list($L)", Runtime.CODECS, codec(only(args, type)));
      case "java.util.Set":
        return CodeBlock.of("$T.set($L)", Runtime.CODECS, codec(only(args, type)));
      case "java.util.Map":
        if (args.size() != 2) {
          throw new Unsupported(type + ": a raw Map is not mapped");
        }
        return mapCodec(args.get(0), args.get(1), type);
      case "com.fasterxml.jackson.databind.JsonNode":
        return CodeBlock.of("$T.json()", Runtime.CODECS);
      default:
        break;
    }
    if (name.startsWith("java.") || name.startsWith("javax.")) {
      throw new Unsupported(type + " is not a mapped type");
    }
    if (element.getKind() == ElementKind.RECORD || element.getKind() == ElementKind.CLASS) {
      return CodeBlock.of("$T.nested($T.SCHEMA)", Runtime.CODECS, nested.schemaOf(element));
    }
    throw new Unsupported(type + " is not a mapped type");
  }

  private CodeBlock mapCodec(TypeMirror key, TypeMirror value, TypeMirror whole) {
    CodeBlock valueCodec = codec(value);
    if (key.getKind() != TypeKind.DECLARED) {
      throw new Unsupported(whole + ": map keys must be declared types");
    }
    TypeElement k = (TypeElement) ((DeclaredType) key).asElement();
    String kn = k.getQualifiedName().toString();
    if (kn.equals("java.lang.String")) {
      return CodeBlock.of("$T.map($L)", Runtime.CODECS, valueCodec);
    }
    TypeName keyType = TypeName.get(key);
    if (k.getKind() == ElementKind.ENUM) {
      return CodeBlock.of("$T.map($T::name, $T::valueOf, $L)", Runtime.CODECS, keyType, keyType, valueCodec);
    }
    Optional<String> parse = switch (kn) {
      case "java.util.UUID" -> Optional.of("fromString");
      case "java.lang.Integer" -> Optional.of("valueOf");
      case "java.lang.Long" -> Optional.of("valueOf");
      case "java.time.LocalDate" -> Optional.of("parse");
      default -> Optional.empty();
    };
    if (parse.isEmpty()) {
      throw new Unsupported(whole + ": map keys must be String, an enum, UUID, Integer, Long or LocalDate");
    }
    return CodeBlock.of("$T.map(String::valueOf, $T::$L, $L)", Runtime.CODECS, keyType, parse.get(), valueCodec);
  }

  private static TypeMirror only(List<? extends TypeMirror> args, TypeMirror whole) {
    if (args.size() != 1) {
      throw new Unsupported(whole + ": a raw container type is not mapped");
    }
    TypeMirror arg = args.get(0);
    if (arg.getKind() == TypeKind.WILDCARD) {
      throw new Unsupported(whole + ": wildcard element types are not mapped");
    }
    return arg;
  }
}
