package io.partita.processor.generate;

import static io.partita.processor.generate.GeneratedNames.CONSTANT;
import static io.partita.processor.generate.GeneratedNames.javadocLink;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.extract.ModelExtractor;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.Origin;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Writes {@code <Nested>Schema}, the item schema of a record or class stored as a nested map, for every such type
 * codecs asked for ({@link #schemaOf}), once per compilation.
 */
final class NestedSchemaGenerator {
    private final ProcessingEnvironment env;
    private final Diagnostics diagnostics;
    private final Files files;
    private final Map<String, ClassName> nestedSchemas = new LinkedHashMap<>();
    private final List<TypeElement> pending = new ArrayList<>();

    NestedSchemaGenerator(ProcessingEnvironment env, Diagnostics diagnostics, Files files) {
        this.env = env;
        this.diagnostics = diagnostics;
        this.files = files;
    }

    /** The schema class of {@code type}, to be written by the next {@link #writePending}. */
    ClassName schemaOf(TypeElement type) {
        String name = type.getQualifiedName().toString();
        ClassName existing = nestedSchemas.get(name);
        if (existing != null) {
            return existing;
        }
        ClassName schema = GeneratedNames.nestedSchemaClass(type);
        nestedSchemas.put(name, schema);
        pending.add(type);
        return schema;
    }

    /** Writes the schema of every type asked for, including the nested types those schemas ask for. */
    void writePending(Schemas schemas, Filer filer) throws IOException {
        while (!pending.isEmpty()) {
            TypeElement type = pending.remove(0);
            ClassName schemaClass = nestedSchemas.get(type.getQualifiedName().toString());
            if (!files.isWritten(schemaClass)) {
                write(schemas, type, schemaClass, filer);
            }
        }
    }

    private void write(Schemas schemas, TypeElement type, ClassName schemaClass, Filer filer) throws IOException {
        EntityModel model = new ModelExtractor(env.getTypeUtils(), env.getElementUtils()).nestedType(type);
        if (!model.construction().isPossible()) {
            diagnostics.report(
                    Rule.NotConstructible,
                    Origin.of(type),
                    Phrase.NESTED_TYPE.with(type.getSimpleName()),
                    Phrase.CREATED_AS_NESTED_MAP.with(),
                    model.construction().problem().orElseThrow());
            return;
        }
        ClassName target = ClassName.get(type);
        TypeSpec.Builder spec = TypeSpec.classBuilder(schemaClass)
                .addJavadoc("The item schema of $L, stored as a nested map.\n", javadocLink(target))
                .addAnnotation(Files.generated())
                .addAnnotation(Files.nullMarked())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addOriginatingElement(type)
                .addField(FieldSpec.builder(Schemas.schemaType(target), "SCHEMA", CONSTANT)
                        .initializer("new $T()", schemaClass)
                        .build());
        try {
            schemas.schema(spec, target, model.fields(), model.construction().strategy(), Modifier.PRIVATE);
        } catch (CodecExpressions.Unsupported e) {
            UnsupportedTypes.report(
                    diagnostics,
                    e,
                    Phrase.NESTED_TYPE.with(type.getSimpleName()),
                    schemaClass.simpleName(),
                    Origin.of(type));
            return;
        }
        files.write(filer, schemaClass, spec.build());
    }
}
