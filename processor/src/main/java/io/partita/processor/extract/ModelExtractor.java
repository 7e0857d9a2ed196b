package io.partita.processor.extract;

import io.partita.annotations.KeyRole;
import io.partita.annotations.Projection;
import io.partita.annotations.StreamView;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.diag.ValidationReport;
import io.partita.processor.model.Construction;
import io.partita.processor.model.Construction.Strategy;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldIndexKey;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyDeclaration;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.Origin;
import io.partita.processor.model.ProjectionKind;
import io.partita.processor.model.Role;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.StreamDeclaration;
import io.partita.processor.model.TableKind;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TemplateIndexKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Builds the immutable model from elements. Records what the user declared, valid or not; the only
 * problems it reports itself are ones that leave no model to validate (an {@code @Entity} whose table is
 * not a shared table, annotations on a type that cannot carry them).
 */
public final class ModelExtractor {
    private final Types types;
    private final Mirrors mirrors;
    private final Converters converters;
    private final TypeClassifier classifier;

    public ModelExtractor(Types types, Elements elements) {
        this.types = types;
        this.mirrors = new Mirrors(elements);
        this.converters = new Converters(types, elements, mirrors);
        this.classifier = new TypeClassifier(types, elements);
    }

    /** A table owned by the record or class {@code type}. */
    public TableModel singleEntityTable(TypeElement type, ValidationReport report) {
        AnnotationMirror table = Mirrors.find(type, AnnotationNames.TABLE).orElseThrow();
        Origin origin = Origin.of(type, table, "name");
        EntityModel entity = entity(type, Optional.empty(), Origin.of(type, table));
        List<IndexModel> indexes = declaredIndexes(type);
        addImpliedIndexes(entity, indexes);
        return new TableModel(
                mirrors.string(table, "name"),
                TableKind.SINGLE_ENTITY,
                type.getQualifiedName().toString(),
                nonEmpty(mirrors.string(table, "partitionKey")),
                nonEmpty(mirrors.string(table, "sortKey")),
                mirrors.string(table, "discriminator"),
                indexes,
                List.of(entity),
                false,
                origin,
                streams(List.of(type)));
    }

    /** A table declared by the interface {@code type} and stored by {@code entityTypes}. */
    public TableModel sharedTable(TypeElement type, List<TypeElement> entityTypes, ValidationReport report) {
        AnnotationMirror table = Mirrors.find(type, AnnotationNames.TABLE).orElseThrow();
        List<EntityModel> entities = new ArrayList<>();
        for (TypeElement e : entityTypes) {
            AnnotationMirror entity = Mirrors.find(e, AnnotationNames.ENTITY).orElseThrow();
            Origin entityOrigin = Origin.of(e, entity);
            for (String misplaced : List.of(AnnotationNames.GSI, AnnotationNames.LSI)) {
                for (AnnotationMirror m : Mirrors.findAll(e, misplaced)) {
                    report.add(
                            Rule.MisplacedAnnotation,
                            Origin.of(e, m),
                            Phrase.INDEX_ON_ENTITY.with(simple(misplaced), e.getSimpleName(), type.getSimpleName()));
                }
            }
            entities.add(entity(e, Optional.of(mirrors.string(entity, "type")), entityOrigin));
        }
        if (KotlinStubs.isKotlin(type)) {
            report.add(Rule.KotlinSealedDropped, Origin.of(type), type.getSimpleName(), type.getSimpleName());
        }
        return new TableModel(
                mirrors.string(table, "name"),
                TableKind.SHARED,
                type.getQualifiedName().toString(),
                nonEmpty(mirrors.string(table, "partitionKey")),
                nonEmpty(mirrors.string(table, "sortKey")),
                mirrors.string(table, "discriminator"),
                declaredIndexes(type),
                entities,
                type.getModifiers().contains(javax.lang.model.element.Modifier.SEALED)
                        && !entityTypes.isEmpty()
                        && entityTypes.stream()
                                .allMatch(e -> types.isAssignable(e.asType(), types.erasure(type.asType()))),
                Origin.of(type, table, "name"),
                streams(concat(type, entityTypes)));
    }

    /** The {@code @ChangeStream} declarations on {@code types}, in order. */
    private List<StreamDeclaration> streams(List<TypeElement> types) {
        List<StreamDeclaration> out = new ArrayList<>();
        for (TypeElement t : types) {
            Mirrors.find(t, AnnotationNames.CHANGE_STREAM)
                    .ifPresent(m -> out.add(new StreamDeclaration(
                            mirrors.enumName(m, "value", StreamView.NEW_AND_OLD_IMAGES.name()),
                            t.getSimpleName().toString(),
                            Origin.of(t, m))));
        }
        return out;
    }

    private static List<TypeElement> concat(TypeElement first, List<TypeElement> rest) {
        List<TypeElement> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    /**
     * A record or class stored as a nested map inside an entity: its fields and how to construct it (no keys,
     * no indexes). For generators.
     */
    public EntityModel nestedType(TypeElement type) {
        return entity(type, Optional.empty(), Origin.of(type));
    }

    /** The table interface an {@code @Entity} names, if it resolved. */
    public Optional<TypeElement> entityTable(TypeElement entity) {
        return Mirrors.find(entity, AnnotationNames.ENTITY)
                .flatMap(m -> mirrors.type(m, "table"))
                .map(t -> (TypeElement) ((DeclaredType) t).asElement());
    }

    private List<IndexModel> declaredIndexes(TypeElement type) {
        List<IndexModel> indexes = new ArrayList<>();
        for (AnnotationMirror m : Mirrors.findAll(type, AnnotationNames.GSI)) {
            indexes.add(index(type, m, IndexKind.GSI, nonEmpty(mirrors.string(m, "partitionKey"))));
        }
        for (AnnotationMirror m : Mirrors.findAll(type, AnnotationNames.LSI)) {
            indexes.add(index(type, m, IndexKind.LSI, Optional.empty()));
        }
        return indexes;
    }

    private IndexModel index(
            TypeElement type, AnnotationMirror m, IndexKind kind, Optional<String> partitionAttribute) {
        Origin origin = Origin.of(type, m);
        List<IndexModel.Included> include = new ArrayList<>();
        for (AnnotationValue v : mirrors.array(m, "include")) {
            include.add(new IndexModel.Included(
                    String.valueOf(v.getValue()),
                    mirrors.isExplicit(m, "include")
                            ? origin.attribute("include").withValue(v)
                            : origin));
        }
        ProjectionKind projection =
                ProjectionKind.of(Projection.valueOf(mirrors.enumName(m, "projection", Projection.ALL.name())));
        return new IndexModel(
                mirrors.string(m, "name"),
                kind,
                true,
                partitionAttribute,
                nonEmpty(mirrors.string(m, "sortKey")),
                projection,
                include,
                origin.attribute("name"));
    }

    /** Single-entity tables: an index named only by key fields exists with projection ALL. */
    private static void addImpliedIndexes(EntityModel entity, List<IndexModel> indexes) {
        Map<String, FieldIndexKey> firstUse = new LinkedHashMap<>();
        for (FieldModel f : entity.fields()) {
            for (FieldIndexKey k : f.indexKeys()) {
                firstUse.merge(k.index(), k, (a, b) -> a.kind() == IndexKind.GSI ? a : b);
            }
        }
        firstUse.forEach((name, key) -> {
            if (indexes.stream().noneMatch(i -> i.name().equals(name))) {
                indexes.add(new IndexModel(
                        name,
                        key.kind(),
                        false,
                        Optional.empty(),
                        Optional.empty(),
                        ProjectionKind.ALL,
                        List.of(),
                        key.origin().attribute("index")));
            }
        });
    }

    private EntityModel entity(TypeElement type, Optional<String> discriminatorValue, Origin origin) {
        List<VariableElement> fieldElements = fieldsOf(type);
        List<FieldModel> fields = new ArrayList<>();
        for (VariableElement f : fieldElements) {
            fields.add(field(type, f));
        }
        Optional<KeyDeclaration> key = Mirrors.find(type, AnnotationNames.KEY).map(m -> {
            Origin o = Origin.of(type, m);
            String sk = mirrors.string(m, "sk");
            return new KeyDeclaration(
                    KeyTemplate.parse(mirrors.string(m, "pk"), o.attribute("pk")),
                    sk.isEmpty() ? Optional.empty() : Optional.of(KeyTemplate.parse(sk, o.attribute("sk"))),
                    o);
        });
        List<TemplateIndexKey> templateKeys = new ArrayList<>();
        for (AnnotationMirror m : Mirrors.findAll(type, AnnotationNames.GSI_KEY)) {
            Origin o = Origin.of(type, m);
            templateKeys.add(new TemplateIndexKey(
                    IndexKind.GSI,
                    mirrors.string(m, "index"),
                    template(mirrors.string(m, "pk"), o.attribute("pk")),
                    template(mirrors.string(m, "sk"), o.attribute("sk")),
                    mirrors.string(m, "query"),
                    o));
        }
        for (AnnotationMirror m : Mirrors.findAll(type, AnnotationNames.LSI_KEY)) {
            Origin o = Origin.of(type, m);
            templateKeys.add(new TemplateIndexKey(
                    IndexKind.LSI,
                    mirrors.string(m, "index"),
                    Optional.empty(),
                    template(mirrors.string(m, "sk"), o.attribute("sk")),
                    "",
                    o));
        }
        List<ScatterModel> scatters = new ArrayList<>();
        for (AnnotationMirror m : Mirrors.findAll(type, AnnotationNames.SCATTER)) {
            scatters.add(new ScatterModel(
                    mirrors.string(m, "index"),
                    mirrors.integer(m, "shards", 10),
                    mirrors.string(m, "by"),
                    Origin.of(type, m)));
        }
        return new EntityModel(
                type.getQualifiedName().toString(),
                type.getSimpleName().toString(),
                discriminatorValue,
                fields,
                key,
                templateKeys,
                scatters,
                construction(type, fieldElements, fields),
                origin);
    }

    private static Optional<KeyTemplate> template(String source, Origin origin) {
        return source.isEmpty() ? Optional.empty() : Optional.of(KeyTemplate.parse(source, origin));
    }

    private FieldModel field(TypeElement owner, VariableElement f) {
        String name = f.getSimpleName().toString();
        Optional<AnnotationMirror> attribute = Mirrors.find(f, AnnotationNames.ATTRIBUTE);
        String attributeName = attribute.map(m -> mirrors.string(m, "value")).orElse(name);
        Optional<Origin> ignore = Mirrors.find(f, AnnotationNames.IGNORE).map(m -> Origin.of(f, m));
        boolean stored = ignore.isEmpty() && !f.getModifiers().contains(Modifier.TRANSIENT);
        JavaType type = classifier.classify(f.asType());
        List<FieldIndexKey> indexKeys = new ArrayList<>();
        for (AnnotationMirror m : Mirrors.findAll(f, AnnotationNames.GSI_KEY)) {
            indexKeys.add(new FieldIndexKey(
                    IndexKind.GSI,
                    mirrors.string(m, "index"),
                    Role.of(KeyRole.valueOf(mirrors.enumName(m, "role", KeyRole.PARTITION.name()))),
                    mirrors.integer(m, "order", 0),
                    mirrors.string(m, "query"),
                    Origin.of(f, m),
                    !mirrors.string(m, "pk").isEmpty()
                            || !mirrors.string(m, "sk").isEmpty()));
        }
        for (AnnotationMirror m : Mirrors.findAll(f, AnnotationNames.LSI_KEY)) {
            indexKeys.add(new FieldIndexKey(
                    IndexKind.LSI,
                    mirrors.string(m, "index"),
                    Role.SORT,
                    0,
                    "",
                    Origin.of(f, m),
                    !mirrors.string(m, "sk").isEmpty()));
        }
        boolean record = owner.getKind() == ElementKind.RECORD;
        return new FieldModel(
                name,
                attributeName,
                type,
                stored,
                reader(owner, f, record),
                record ? Optional.empty() : writer(owner, f),
                Origin.of(f),
                attribute.map(m -> Origin.of(f, m, "value")),
                ignore,
                Mirrors.find(f, AnnotationNames.SPARSE).map(m -> Origin.of(f, m)),
                Mirrors.find(f, AnnotationNames.VERSION).map(m -> Origin.of(f, m)),
                Mirrors.find(f, AnnotationNames.PARTITION_KEY).map(m -> Origin.of(f, m)),
                Mirrors.find(f, AnnotationNames.SORT_KEY).map(m -> Origin.of(f, m)),
                indexKeys,
                Mirrors.find(f, AnnotationNames.CONVERT).map(m -> converters.of(owner, f, m)),
                Mirrors.find(f, AnnotationNames.TTL).map(m -> Origin.of(f, m)),
                AutoValues.of(f, mirrors),
                KotlinStubs.nullable(f));
    }

    /** Instance fields, superclass fields first (records: the components). */
    private List<VariableElement> fieldsOf(TypeElement type) {
        List<VariableElement> out = new ArrayList<>();
        TypeMirror superclass = type.getSuperclass();
        if (type.getKind() == ElementKind.CLASS && superclass.getKind() == TypeKind.DECLARED) {
            TypeElement parent = (TypeElement) ((DeclaredType) superclass).asElement();
            if (!parent.getQualifiedName().contentEquals("java.lang.Object")) {
                out.addAll(fieldsOf(parent));
            }
        }
        for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            if (!f.getModifiers().contains(Modifier.STATIC)) {
                out.add(f);
            }
        }
        return out;
    }

    private Optional<String> reader(TypeElement owner, VariableElement f, boolean record) {
        String name = f.getSimpleName().toString();
        if (record) {
            return Optional.of(name + "()");
        }
        String cap = capitalize(name);
        for (String candidate : List.of("get" + cap, "is" + cap, name)) {
            for (ExecutableElement m : methodsOf(owner)) {
                if (m.getSimpleName().contentEquals(candidate)
                        && m.getParameters().isEmpty()
                        && types.isSameType(m.getReturnType(), f.asType())) {
                    return Optional.of(candidate + "()");
                }
            }
        }
        return f.getModifiers().contains(Modifier.PRIVATE) ? Optional.empty() : Optional.of(name);
    }

    private Optional<String> writer(TypeElement owner, VariableElement f) {
        String setter = "set" + capitalize(f.getSimpleName().toString());
        for (ExecutableElement m : methodsOf(owner)) {
            if (m.getSimpleName().contentEquals(setter)
                    && m.getParameters().size() == 1
                    && types.isSameType(m.getParameters().get(0).asType(), f.asType())) {
                return Optional.of(setter);
            }
        }
        boolean direct = !f.getModifiers().contains(Modifier.PRIVATE)
                && !f.getModifiers().contains(Modifier.FINAL);
        return direct ? Optional.of(f.getSimpleName().toString()) : Optional.empty();
    }

    /** Non-private instance methods, inherited ones included. */
    private List<ExecutableElement> methodsOf(TypeElement type) {
        List<ExecutableElement> out = new ArrayList<>();
        TypeElement current = type;
        while (current != null) {
            for (ExecutableElement m : ElementFilter.methodsIn(current.getEnclosedElements())) {
                if (!m.getModifiers().contains(Modifier.PRIVATE)
                        && !m.getModifiers().contains(Modifier.STATIC)) {
                    out.add(m);
                }
            }
            TypeMirror s = current.getSuperclass();
            current = s.getKind() == TypeKind.DECLARED ? (TypeElement) ((DeclaredType) s).asElement() : null;
        }
        return out;
    }

    private Construction construction(TypeElement type, List<VariableElement> fieldElements, List<FieldModel> fields) {
        if (type.getKind() == ElementKind.INTERFACE
                || type.getKind() == ElementKind.ENUM
                || type.getKind() == ElementKind.ANNOTATION_TYPE
                || type.getModifiers().contains(Modifier.ABSTRACT)) {
            return impossible(Phrase.NOT_A_CONCRETE_TYPE.with(article(type.getKind())));
        }
        for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            if (t.getModifiers().contains(Modifier.PRIVATE)) {
                return impossible(
                        t == type ? Phrase.PRIVATE_TYPE.with() : Phrase.PRIVATE_ENCLOSING_TYPE.with(t.getSimpleName()));
            }
            if (t.getNestingKind() == NestingKind.MEMBER
                    && t.getKind() == ElementKind.CLASS
                    && !t.getModifiers().contains(Modifier.STATIC)) {
                return impossible(Phrase.INNER_CLASS.with());
            }
        }
        if (type.getKind() == ElementKind.RECORD) {
            return new Construction(Strategy.RECORD, Optional.empty());
        }
        List<TypeMirror> storedTypes = new ArrayList<>();
        List<String> storedNames = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).stored()) {
                storedTypes.add(fieldElements.get(i).asType());
                storedNames.add(fields.get(i).name());
            }
        }
        boolean noArgs = false;
        for (ExecutableElement c : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            if (c.getModifiers().contains(Modifier.PRIVATE)) {
                continue;
            }
            if (c.getParameters().isEmpty()) {
                noArgs = true;
            }
            if (c.getParameters().size() == storedTypes.size() && !storedTypes.isEmpty()) {
                boolean all = true;
                for (int i = 0; i < storedTypes.size(); i++) {
                    all &= types.isSameType(
                            types.erasure(c.getParameters().get(i).asType()), types.erasure(storedTypes.get(i)));
                }
                if (all) {
                    return new Construction(Strategy.ALL_ARGS_CONSTRUCTOR, Optional.empty());
                }
            }
        }
        if (noArgs) {
            return new Construction(Strategy.NO_ARGS_AND_SETTERS, Optional.empty());
        }
        return impossible(Phrase.NO_CONSTRUCTOR.with(storedNames));
    }

    private static Construction impossible(Phrase.Text why) {
        return new Construction(Strategy.NONE, Optional.of(why));
    }

    private static Phrase.Text article(ElementKind kind) {
        return switch (kind) {
            case INTERFACE -> Phrase.AN_INTERFACE.with();
            case ENUM -> Phrase.AN_ENUM.with();
            case ANNOTATION_TYPE -> Phrase.AN_ANNOTATION_TYPE.with();
            default -> Phrase.ABSTRACT.with();
        };
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    private static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }

    private static Optional<String> nonEmpty(String s) {
        return s.isEmpty() ? Optional.empty() : Optional.of(s);
    }
}
