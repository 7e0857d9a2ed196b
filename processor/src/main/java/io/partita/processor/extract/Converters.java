package io.partita.processor.extract;

import io.partita.processor.diag.Phrase;
import io.partita.processor.model.ConverterModel;
import io.partita.processor.model.Origin;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Reads a field's {@code @Convert(X.class)} through mirrors into a {@link ConverterModel}, with why X is unusable. */
final class Converters {
    private final Types types;
    private final Elements elements;
    private final Mirrors mirrors;

    Converters(Types types, Elements elements, Mirrors mirrors) {
        this.types = types;
        this.elements = elements;
        this.mirrors = mirrors;
    }

    /**
     * A field's {@code @Convert(X.class)}, read through mirrors: X must be a non-abstract class with an
     * accessible no-arg constructor implementing {@code AttributeConverter<T>} with T the field's (boxed) type.
     */
    ConverterModel of(TypeElement owner, VariableElement f, AnnotationMirror m) {
        Origin origin = Origin.of(f, m, "value");
        Optional<TypeMirror> value = mirrors.type(m, "value");
        if (value.isEmpty()) {
            return new ConverterModel("", "", Optional.of(Phrase.CONVERTER_UNRESOLVED.with()), origin);
        }
        TypeElement converter = (TypeElement) ((DeclaredType) value.get()).asElement();
        String name = converter.getQualifiedName().toString();
        String simple = converter.getSimpleName().toString();
        String pkg = elements.getPackageOf(converter).getQualifiedName().toString();
        TypeElement api = elements.getTypeElement(AnnotationNames.ATTRIBUTE_CONVERTER);
        if (api == null) {
            return new ConverterModel(
                    name,
                    pkg,
                    Optional.of(Phrase.CONVERTER_API_MISSING.with(AnnotationNames.ATTRIBUTE_CONVERTER)),
                    origin);
        }
        Optional<Phrase.Text> shape = shapeProblem(converter, owner);
        if (shape.isPresent()) {
            return new ConverterModel(name, pkg, shape, origin);
        }
        Optional<TypeMirror> converted = convertedType(converter.asType(), api);
        if (converted.isEmpty()) {
            return new ConverterModel(
                    name, pkg, Optional.of(Phrase.NOT_A_CONVERTER.with(simple, boxedDisplay(f.asType()))), origin);
        }
        TypeMirror fieldType = f.asType().getKind().isPrimitive()
                ? types.boxedClass((javax.lang.model.type.PrimitiveType) f.asType())
                        .asType()
                : f.asType();
        if (converted.get().getKind() != TypeKind.DECLARED || !types.isSameType(converted.get(), fieldType)) {
            return new ConverterModel(
                    name,
                    pkg,
                    Optional.of(Phrase.CONVERTER_OF_OTHER_TYPE.with(
                            simple,
                            converted.get(),
                            f.getSimpleName(),
                            f.asType(),
                            boxedDisplay(f.asType()),
                            converted.get())),
                    origin);
        }
        return new ConverterModel(name, pkg, Optional.empty(), origin);
    }

    /** Why {@code converter} cannot be instantiated from {@code owner}'s generated code, if it cannot. */
    private Optional<Phrase.Text> shapeProblem(TypeElement converter, TypeElement owner) {
        String simple = converter.getSimpleName().toString();
        if (converter.getKind() != ElementKind.CLASS || converter.getModifiers().contains(Modifier.ABSTRACT)) {
            return Optional.of(Phrase.CONVERTER_NOT_CONCRETE.with(simple, simple));
        }
        if (converter.getNestingKind() == javax.lang.model.element.NestingKind.MEMBER
                && !converter.getModifiers().contains(Modifier.STATIC)) {
            return Optional.of(Phrase.CONVERTER_INNER_CLASS.with(simple));
        }
        if (converter.getNestingKind() == javax.lang.model.element.NestingKind.LOCAL
                || converter.getNestingKind() == javax.lang.model.element.NestingKind.ANONYMOUS
                || !accessible(elements, converter, owner)) {
            return Optional.of(Phrase.CONVERTER_INACCESSIBLE.with(simple, owner.getSimpleName()));
        }
        boolean noArgs = ElementFilter.constructorsIn(converter.getEnclosedElements()).stream()
                .anyMatch(c -> c.getParameters().isEmpty() && accessible(elements, c, owner));
        if (!noArgs) {
            return Optional.of(Phrase.CONVERTER_WITHOUT_CONSTRUCTOR.with(simple, simple));
        }
        return Optional.empty();
    }

    private String boxedDisplay(TypeMirror t) {
        return t.getKind().isPrimitive()
                ? types.boxedClass((javax.lang.model.type.PrimitiveType) t)
                        .getSimpleName()
                        .toString()
                : t.toString();
    }

    /** The T of {@code AttributeConverter<T>} among the supertypes of {@code type}, substituted. */
    private Optional<TypeMirror> convertedType(TypeMirror type, TypeElement api) {
        if (type.getKind() != TypeKind.DECLARED) {
            return Optional.empty();
        }
        DeclaredType declared = (DeclaredType) type;
        if (declared.asElement().equals(api)) {
            return declared.getTypeArguments().size() == 1
                    ? Optional.of(declared.getTypeArguments().get(0))
                    : Optional.empty();
        }
        for (TypeMirror s : types.directSupertypes(type)) {
            Optional<TypeMirror> found = convertedType(s, api);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** Public, or package-private/protected in the entity's package (generated code lives there). */
    static boolean accessible(Elements elements, Element e, TypeElement owner) {
        if (e.getModifiers().contains(Modifier.PRIVATE)) {
            return false;
        }
        Element enclosing = e instanceof TypeElement t ? t.getEnclosingElement() : null;
        if (enclosing instanceof TypeElement outer && !accessible(elements, outer, owner)) {
            return false;
        }
        return e.getModifiers().contains(Modifier.PUBLIC)
                || elements.getPackageOf(e).equals(elements.getPackageOf(owner));
    }
}
