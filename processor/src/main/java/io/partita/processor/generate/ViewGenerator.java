package io.partita.processor.generate;

import static io.partita.processor.generate.GeneratedNames.CONSTANT;
import static io.partita.processor.generate.GeneratedNames.SCHEMA_CLASS;
import static io.partita.processor.generate.GeneratedNames.javadocLink;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.model.Construction;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.ProjectionKind;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Writes {@code <Entity><Index>View}, the record a KEYS_ONLY/INCLUDE GSI's queries return: the attributes the index
 * projects, with its own reflection-free {@code SCHEMA}, so reading an unprojected attribute does not compile.
 */
final class ViewGenerator {
    private final Schemas schemas;
    private final Files files;

    ViewGenerator(Schemas schemas, Files files) {
        this.schemas = schemas;
        this.files = files;
    }

    void write(EntityModel entity, ClassName view, IndexLayout index, Filer filer) throws IOException {
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        boolean kotlin = isKotlin(entity.origin().element());
        Set<String> indexKeyFields = new HashSet<>();
        Layout.concat(index.partition(), index.sort()).forEach(a -> indexKeyFields.addAll(Layout.fieldsOf(a)));
        for (FieldModel f : index.viewFields()) {
            TypeName type = TypeName.get(Schemas.typeOf(f));
            boolean nullable = !indexKeyFields.contains(f.name()) && mayBeNull(f, kotlin);
            ctor.addParameter(nullable ? Files.nullable(type) : type, f.name());
        }
        TypeSpec spec = TypeSpec.recordBuilder(view)
                .addJavadoc(
                        "What index {@code $L} projects of $L: $L. Attributes it does not project are not here,\n"
                                + "so reading one is a compile error rather than a silent null.\n",
                        index.index().name(),
                        javadocLink(GeneratedNames.entityClass(entity)),
                        projected(index.index()))
                .addAnnotation(Files.generated())
                .addAnnotation(Files.nullMarked())
                .addModifiers(Modifier.PUBLIC)
                .addOriginatingElement(entity.origin().element())
                .recordConstructor(ctor.build())
                .addField(FieldSpec.builder(Schemas.schemaType(view), "SCHEMA", CONSTANT)
                        .addJavadoc(
                                "Reads index entries of {@code $L}.\n",
                                index.index().name())
                        .initializer("new $L()", SCHEMA_CLASS)
                        .build())
                .addType(schemas.schema(
                                TypeSpec.classBuilder(SCHEMA_CLASS)
                                        .addJavadoc(
                                                "How $L is read: one argument per attribute, no lambdas.\n",
                                                javadocLink(view))
                                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL),
                                view,
                                viewModel(index.viewFields()),
                                Construction.Strategy.RECORD)
                        .build())
                .build();
        files.write(filer, view, spec);
    }

    /**
     * Whether a view component that is not part of the index's key may be null: a reference-typed attribute that
     * is {@code @Sparse}, a Kotlin {@code T?}, or, in a Java entity, not a key (an item may lack it). The index's key
     * parts (an entry exists only with its key), base keys and a Kotlin entity's non-null properties are non-null.
     */
    private static boolean mayBeNull(FieldModel f, boolean kotlin) {
        if (Schemas.typeOf(f).getKind().isPrimitive()) {
            return false;
        }
        return f.sparse().isPresent() || f.kotlinNullable().isPresent() || (!kotlin && !f.isAnyKey());
    }

    /** Whether the entity is a Kotlin class (kapt's stub keeps its {@code kotlin.Metadata}). */
    private static boolean isKotlin(Element type) {
        return type.getAnnotationMirrors().stream()
                .anyMatch(m -> ((TypeElement) m.getAnnotationType().asElement())
                        .getQualifiedName()
                        .contentEquals("kotlin.Metadata"));
    }

    /** "its keys", or "its keys and a, b": what the index projects, for Javadoc. */
    private static String projected(IndexModel index) {
        return index.projection() == ProjectionKind.KEYS_ONLY
                ? "its keys"
                : "its keys and "
                        + String.join(
                                ", ",
                                index.include().stream()
                                        .map(IndexModel.Included::attribute)
                                        .toList());
    }

    /** The view's fields: the entity's, read through the record's accessors, without automatic values. */
    private static List<FieldModel> viewModel(List<FieldModel> fields) {
        return fields.stream()
                .map(f -> new FieldModel(
                        f.name(),
                        f.attributeName(),
                        f.type(),
                        true,
                        Optional.of(f.name() + "()"),
                        Optional.empty(),
                        f.origin(),
                        f.attribute(),
                        Optional.empty(),
                        f.sparse(),
                        f.version(),
                        f.partitionKey(),
                        f.sortKey(),
                        f.indexKeys(),
                        f.converter(),
                        f.ttl(),
                        List.of(),
                        f.kotlinNullable()))
                .toList();
    }
}
