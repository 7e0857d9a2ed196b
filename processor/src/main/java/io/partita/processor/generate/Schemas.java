package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.Construction;
import io.partita.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Writes {@code ItemSchema} initializers: accessor getters, codecs and a constructor (or setter) assembler. */
final class Schemas {
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

    /** How generated code reads {@code f} from a value of {@code owner}: a method reference or a lambda. */
    static CodeBlock getter(ClassName owner, FieldModel f) {
        String reader = f.reader().orElseThrow(() -> new IllegalStateException("no reader for " + f.name()));
        if (reader.endsWith("()")) {
            return CodeBlock.of("$T::$L", owner, reader.substring(0, reader.length() - 2));
        }
        return CodeBlock.of("($T e) -> e.$L", owner, reader);
    }

    /** Reads {@code f} of the variable {@code variable}. */
    static CodeBlock read(String variable, FieldModel f) {
        return CodeBlock.of("$L.$L", variable, f.reader().orElseThrow());
    }

    /**
     * {@code ItemSchema.builder(Type.class).attribute(...)...build(v -> ...)} over the stored fields of
     * {@code fields}, assembled with {@code strategy} (a view record uses {@code RECORD} over its own fields).
     */
    CodeBlock schema(ClassName type, List<FieldModel> fields, Construction.Strategy strategy) {
        List<FieldModel> stored = fields.stream().filter(FieldModel::stored).toList();
        CodeBlock.Builder b = CodeBlock.builder()
                .add("$T.$L($T.class)", Runtime.ITEM_SCHEMA, Member.SCHEMA_BUILDER, type)
                .indent();
        for (FieldModel f : stored) {
            b.add("\n.$L($S, $L, $L)", Member.SCHEMA_ATTRIBUTE, f.attributeName(), getter(type, f), codec(f));
        }
        b.add("\n.$L($L)", Member.SCHEMA_BUILD, assembler(type, fields, stored, strategy))
                .unindent();
        return b.build();
    }

    private static CodeBlock assembler(
            ClassName type, List<FieldModel> fields, List<FieldModel> stored, Construction.Strategy strategy) {
        if (strategy == Construction.Strategy.NO_ARGS_AND_SETTERS) {
            CodeBlock.Builder b = CodeBlock.builder().add("v -> {\n").indent();
            b.addStatement("$T e = new $T()", type, type);
            for (int i = 0; i < stored.size(); i++) {
                FieldModel f = stored.get(i);
                String writer = f.writer().orElseThrow(() -> new IllegalStateException("no writer for " + f.name()));
                if (writer.startsWith("set") && !writer.equals(f.name())) {
                    b.addStatement("e.$L(v.<$T>$L($L))", writer, boxed(f), Member.VALUES_GET, i);
                } else {
                    b.addStatement("e.$L = v.<$T>$L($L)", writer, boxed(f), Member.VALUES_GET, i);
                }
            }
            b.addStatement("return e").unindent().add("}");
            return b.build();
        }
        List<CodeBlock> args = new ArrayList<>();
        boolean record = strategy == Construction.Strategy.RECORD;
        for (FieldModel f : record ? fields : stored) {
            int i = stored.indexOf(f);
            args.add(i >= 0 ? CodeBlock.of("v.<$T>$L($L)", boxed(f), Member.VALUES_GET, i) : defaultValue(typeOf(f)));
        }
        return CodeBlock.of("v -> new $T($L)", type, CodeBlock.join(args, ", "));
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
