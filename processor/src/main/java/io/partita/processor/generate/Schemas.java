package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.Construction;
import io.partita.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Writes the unrolled {@code ItemSchema} classes of entities, views and nested types: one statement per attribute
 * for writing, one constructor argument (or setter call) per attribute for reading.
 */
final class Schemas {
    private static final TypeName ITEM =
            ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), Runtime.ATTRIBUTE_VALUE);

    private final CodecExpressions codecs;

    Schemas(CodecExpressions codecs) {
        this.codecs = codecs;
    }

    /** {@code ItemSchema<T>}. */
    static TypeName schemaType(TypeName type) {
        return ParameterizedTypeName.get(Runtime.ITEM_SCHEMA, type);
    }

    static TypeMirror typeOf(FieldModel f) {
        return f.origin().element().asType();
    }

    static TypeName boxed(FieldModel f) {
        return TypeName.get(typeOf(f)).box();
    }

    /** The codec expression of a field. */
    CodeBlock codec(FieldModel f) {
        if (f.converter().isPresent()) {
            var c = f.converter().get();
            List<String> names = c.simpleNames();
            ClassName converter = ClassName.get(
                    c.packageName(),
                    names.get(0),
                    names.subList(1, names.size()).toArray(String[]::new));
            return CodeBlock.of("$T.$L(new $T())", Runtime.CODECS, Member.CODECS_CONVERTED, converter);
        }
        if (f.ttl().isPresent() && f.type().qualifiedName().equals("java.time.Instant")) {
            return CodeBlock.of("$T.$L", Runtime.EPOCH_SECONDS, Member.EPOCH_SECONDS_INSTANT);
        }
        try {
            return codecs.codec(typeOf(f));
        } catch (CodecExpressions.Unsupported e) {
            throw e.field != null ? e : new CodecExpressions.Unsupported(e.reason, f);
        }
    }

    /** Reads {@code f} of the variable {@code variable}. */
    static CodeBlock read(String variable, FieldModel f) {
        return CodeBlock.of("$L.$L", variable, f.reader().orElseThrow());
    }

    /**
     * Fills {@code schema} (a class builder) as the unrolled {@code ItemSchema} of {@code type} over the stored fields
     * of {@code fields}, assembled with {@code strategy} (a view record uses {@code RECORD} over its own fields): it
     * extends {@code AbstractItemSchema<Type>} and declares a no-argument constructor with {@code constructor}'s
     * modifiers, one {@code private static final} codec constant per codec built by a factory call, and
     * {@code writeItem} (into the core's item builder; the base class writes maps through it) and {@code fromItem}
     * with one statement or argument per attribute: no lambdas, no method references.
     */
    TypeSpec.Builder schema(
            TypeSpec.Builder schema,
            ClassName type,
            List<FieldModel> fields,
            Construction.Strategy strategy,
            Modifier... constructor) {
        List<FieldModel> stored = fields.stream().filter(FieldModel::stored).toList();
        schema.superclass(ParameterizedTypeName.get(Runtime.ABSTRACT_ITEM_SCHEMA, type));
        Map<String, CodeBlock> codecOf = codecs(schema, stored);
        List<CodeBlock> names = new ArrayList<>();
        names.add(CodeBlock.of("$S", type.simpleName()));
        stored.forEach(f -> names.add(CodeBlock.of("$S", f.attributeName())));
        schema.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(constructor)
                .addStatement("super($L)", CodeBlock.join(names, ", "))
                .build());
        MethodSpec.Builder write = MethodSpec.methodBuilder(Member.SCHEMA_WRITE_ITEM.toString())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(type, "e")
                .addParameter(Runtime.ITEM_MAP_BUILDER, "item");
        for (FieldModel f : stored) {
            CodeBlock codec = codecOf.get(f.name());
            Member typed = TYPED_WRITES.get(codec);
            if (typed != null) {
                write.addStatement("$L(item, $S, $L)", typed, f.attributeName(), read("e", f));
            } else {
                write.addStatement("$L(item, $S, $L, $L)", Member.SCHEMA_WRITE, f.attributeName(), read("e", f), codec);
            }
        }
        schema.addMethod(write.build());
        schema.addMethod(MethodSpec.methodBuilder(Member.SCHEMA_FROM_ITEM.toString())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addParameter(ITEM, "item")
                .addCode(assemble(type, fields, stored, strategy, codecOf))
                .build());
        return schema;
    }

    /**
     * The codec of each stored field by field name: a Codecs constant inline, anything built by a call in a
     * {@code private static final} constant {@code schema} declares.
     */
    private Map<String, CodeBlock> codecs(TypeSpec.Builder schema, List<FieldModel> stored) {
        Map<String, CodeBlock> codecOf = new LinkedHashMap<>();
        Set<String> constantNames = new HashSet<>(Set.of("INSTANCE"));
        for (FieldModel f : stored) {
            CodeBlock codec = codec(f);
            if (codec.toString().contains("(")) {
                String name = GeneratedNames.constantName(f.name()) + "_CODEC";
                for (int i = 2; !constantNames.add(name); i++) {
                    name = GeneratedNames.constantName(f.name()) + "_CODEC" + i;
                }
                schema.addField(FieldSpec.builder(
                                ParameterizedTypeName.get(Runtime.ATTRIBUTE_CODEC, boxed(f)),
                                name,
                                Modifier.PRIVATE,
                                Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer(codec)
                        .build());
                codec = CodeBlock.of("$L", name);
            }
            codecOf.put(f.name(), codec);
        }
        return codecOf;
    }

    /**
     * Reads {@code f}'s attribute at its position among the stored fields (the order the constructor names them in,
     * which is the order {@code writeItem} writes them in): an item this schema wrote is read without a lookup.
     */
    private static CodeBlock readAttribute(FieldModel f, List<FieldModel> stored, Map<String, CodeBlock> codecOf) {
        CodeBlock codec = codecOf.get(f.name());
        Member typed = TYPED_READS.get(codec);
        if (typed != null) {
            return CodeBlock.of("$L(item, $L, $S)", typed, stored.indexOf(f), f.attributeName());
        }
        return CodeBlock.of("$L(item, $L, $S, $L)", Member.SCHEMA_READ, stored.indexOf(f), f.attributeName(), codec);
    }

    /**
     * The built-in codecs {@code AbstractItemSchema} reads in a method of their own (same value as {@code read}
     * with the codec; small, one value type, so inlined into {@code fromItem}), by the codec expression.
     */
    private static final Map<CodeBlock, Member> TYPED_READS = Map.of(
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_STRING), Member.SCHEMA_READ_STRING,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_PRIMITIVE_INT), Member.SCHEMA_READ_INT,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_PRIMITIVE_LONG), Member.SCHEMA_READ_LONG,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_INSTANT), Member.SCHEMA_READ_INSTANT,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_BIG_DECIMAL), Member.SCHEMA_READ_BIG_DECIMAL);

    /**
     * The built-in codecs {@code AbstractItemSchema} writes in a method of their own (the same item as {@code write}
     * with the codec, without the built-in codecs' dispatch or a box), by the codec expression. {@code PRIMITIVE_INT}
     * and {@code PRIMITIVE_LONG} are the codecs of primitive fields only, so the field expression is never null there.
     */
    private static final Map<CodeBlock, Member> TYPED_WRITES = Map.of(
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_STRING), Member.SCHEMA_WRITE_STRING,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_PRIMITIVE_INT), Member.SCHEMA_WRITE_INT,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_PRIMITIVE_LONG), Member.SCHEMA_WRITE_LONG,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_INSTANT), Member.SCHEMA_WRITE_INSTANT,
            CodeBlock.of("$T.$L", Runtime.CODECS, Member.CODECS_BIG_DECIMAL), Member.SCHEMA_WRITE_BIG_DECIMAL);

    private static CodeBlock assemble(
            ClassName type,
            List<FieldModel> fields,
            List<FieldModel> stored,
            Construction.Strategy strategy,
            Map<String, CodeBlock> codecOf) {
        CodeBlock.Builder b = CodeBlock.builder();
        if (strategy == Construction.Strategy.NO_ARGS_AND_SETTERS) {
            b.addStatement("$T e = new $T()", type, type);
            for (FieldModel f : stored) {
                String writer = f.writer().orElseThrow(() -> new IllegalStateException("no writer for " + f.name()));
                if (writer.startsWith("set") && !writer.equals(f.name())) {
                    b.addStatement("e.$L($L)", writer, readAttribute(f, stored, codecOf));
                } else {
                    b.addStatement("e.$L = $L", writer, readAttribute(f, stored, codecOf));
                }
            }
            return b.addStatement("return e").build();
        }
        List<CodeBlock> args = new ArrayList<>();
        boolean record = strategy == Construction.Strategy.RECORD;
        for (FieldModel f : record ? fields : stored) {
            args.add(
                    f.stored()
                            ? CodeBlock.of("\n$L", readAttribute(f, stored, codecOf))
                            : CodeBlock.of("\n$L", defaultValue(typeOf(f))));
        }
        return b.add("return new $T($>$L$<);\n", type, CodeBlock.join(args, ","))
                .build();
    }

    /** The value an unstored record component gets when read back. */
    static CodeBlock defaultValue(TypeMirror t) {
        if (t.getKind() == TypeKind.BOOLEAN) {
            return CodeBlock.of("false");
        }
        if (t.getKind() == TypeKind.CHAR) {
            return CodeBlock.of("'\\0'");
        }
        if (t.getKind().isPrimitive()) {
            return CodeBlock.of("($T) 0", TypeName.get(t));
        }
        return CodeBlock.of("null");
    }
}
