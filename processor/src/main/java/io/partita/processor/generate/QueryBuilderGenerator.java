package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Layout.FieldSource;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.ScatteredTemplateSource;
import io.partita.processor.generate.Layout.ShardSource;
import io.partita.processor.generate.Layout.TemplateSource;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * One access pattern's query builder (partition fixed), nested in an entity repository, and for composite sort keys
 * one stage per supplied part ({@code <Builder>With<Part>}). Each stage has a condition method per next part and,
 * except for the last part of a template, a value method returning the next stage. Base and LSI builders extend
 * {@code ConsistentQueryBuilder}; GSI builders extend {@code QueryBuilder}, so {@code consistentRead()} is not there.
 */
final class QueryBuilderGenerator {
    /** One step of a staged sort-key builder: a native sort-key part, or a placeholder of a sort-key template. */
    private record Step(
            FieldModel field,
            KeyAttr attr,
            KeyTemplate.Placeholder placeholder,
            String following,
            KeyTemplate template) {}

    private final TypeSpec.Builder owner;
    private final Map<String, String> constants;
    private final ClassName builder;
    private final ClassName base;
    private final TypeName result;
    private final ParameterizedTypeName specType;
    private final List<KeyAttr> partition;
    private final List<FieldModel> params;
    private final String what;
    private final List<Step> steps;
    private final Optional<KeyTemplate> sortTemplate;

    /**
     * @param owner the repository the builder is nested in
     * @param entity the repository's entity
     * @param constants field name to the repository's constant name
     * @param builder the builder type
     * @param result what the query returns (the entity or its view)
     * @param partition the partition-key attributes the builder fixes
     * @param sort the sort-key attributes it narrows by
     * @param params the partition-key parts the builder is constructed with
     * @param consistent whether strongly consistent reads are possible (base table and LSIs)
     * @param what what is queried, for Javadoc
     */
    QueryBuilderGenerator(
            TypeSpec.Builder owner,
            EntityModel entity,
            Map<String, String> constants,
            ClassName builder,
            TypeName result,
            List<KeyAttr> partition,
            List<KeyAttr> sort,
            List<FieldModel> params,
            boolean consistent,
            String what) {
        this.owner = owner;
        this.constants = constants;
        this.builder = builder;
        this.result = result;
        this.base = consistent ? Runtime.CONSISTENT_QUERY_BUILDER : Runtime.QUERY_BUILDER;
        this.specType = ParameterizedTypeName.get(Runtime.QUERY_SPEC, result);
        this.partition = partition;
        this.params = params;
        this.what = what;
        this.steps = steps(entity, sort);
        this.sortTemplate = sort.size() == 1 && sort.get(0).source() instanceof TemplateSource t
                ? Optional.of(t.template())
                : Optional.empty();
    }

    /** The sort-key steps: one per native part, or per placeholder of a template. */
    private static List<Step> steps(EntityModel entity, List<KeyAttr> sort) {
        List<Step> steps = new ArrayList<>();
        for (KeyAttr a : sort) {
            if (a.source() instanceof FieldSource f) {
                steps.add(new Step(f.field(), a, null, null, null));
            } else if (a.source() instanceof TemplateSource t) {
                List<KeyTemplate.Part> parts = t.template().parts();
                for (int i = 0; i < parts.size(); i++) {
                    if (parts.get(i) instanceof KeyTemplate.Placeholder ph) {
                        String following = i + 1 < parts.size() && parts.get(i + 1) instanceof KeyTemplate.Literal l
                                ? l.text()
                                : "";
                        steps.add(
                                new Step(entity.storedField(ph.field()).orElseThrow(), a, ph, following, t.template()));
                    }
                }
            }
        }
        return steps;
    }

    /** Adds the builder and its stages to the owner. */
    void write() {
        boolean isTemplate = sortTemplate.isPresent();
        ClassName previous = null;
        for (int s = 0; s <= steps.size(); s++) {
            if (s > 0 && isTemplate && s == steps.size()) {
                break; // the last template part is only given as a condition
            }
            ClassName stage = s == 0 ? builder : stageAfter(steps.get(s - 1));
            owner.addType(stage(s, stage, previous));
            previous = stage;
        }
    }

    private ClassName stageAfter(Step step) {
        return GeneratedNames.stageAfter(builder, step.field.name());
    }

    /** Stage {@code s}: the builder ({@code s == 0}) or the builder narrowed by the first {@code s} steps. */
    private TypeSpec stage(int s, ClassName stage, ClassName previous) {
        boolean isTemplate = sortTemplate.isPresent();
        TypeSpec.Builder q = TypeSpec.classBuilder(stage)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(base, result, stage));
        if (s == 0) {
            q.addJavadoc(
                    "A query on $L with its partition key fixed$L.\n",
                    what,
                    steps.isEmpty()
                            ? ""
                            : "; narrow it by {@code " + steps.get(0).field.name() + "}");
            q.addMethod(firstConstructor());
        } else {
            Step last = steps.get(s - 1);
            q.addJavadoc(
                    "A query on $L narrowed by {@code $L}$L.\n",
                    what,
                    last.field.name(),
                    s < steps.size()
                            ? "; narrow it further by {@code "
                                    + steps.get(s).field.name() + "}"
                            : "");
            q.addMethod(narrowingConstructor(previous, last));
        }
        if (isTemplate && s < steps.size()) { // the prefix is read only by the next step's methods
            FieldSpec.Builder prefix = FieldSpec.builder(String.class, "prefix", Modifier.PRIVATE, Modifier.FINAL);
            if (s == 0) {
                prefix.initializer("$S", sortTemplate.get().leadingLiteral());
            }
            q.addField(prefix.build());
        }
        if (s < steps.size()) {
            Step next = steps.get(s);
            q.addMethod(conditionMethod(stage, next));
            if (!isTemplate || s + 1 < steps.size()) {
                q.addMethod(valueMethod(next));
            }
        }
        return q.build();
    }

    /** The builder's constructor: the spec and the partition parts; fixes (or scatters) the partition key. */
    private MethodSpec firstConstructor() {
        MethodSpec.Builder c = MethodSpec.constructorBuilder().addParameter(specType, "spec");
        params.forEach(p -> c.addParameter(TypeName.get(Schemas.typeOf(p)), p.name()));
        c.addStatement("super(spec)");
        for (KeyAttr a : partition) {
            if (a.source() instanceof ShardSource sh) {
                c.addStatement(
                        "$L($S, $T.$L($L))",
                        Member.QUERY_SCATTER,
                        a.attribute(),
                        Runtime.SHARDS,
                        Member.SHARDS_NUMBERS,
                        sh.scatter().shards());
            } else if (a.source() instanceof ScatteredTemplateSource st) {
                c.addStatement(
                        "$L($S, $T.$L($L, $L))",
                        Member.QUERY_SCATTER,
                        a.attribute(),
                        Runtime.SHARDS,
                        Member.SHARDS_SUFFIXED_VALUES,
                        KeyRendering.render(st.template(), "", params),
                        st.scatter().shards());
            } else {
                c.addStatement(
                        "$L($S, $L)",
                        Member.QUERY_PARTITION_KEY,
                        a.attribute(),
                        KeyRendering.keyValue(a, params, constants));
            }
        }
        return c.build();
    }

    /** A stage's constructor: the previous stage and the value of {@code last}, which it narrows by. */
    private MethodSpec narrowingConstructor(ClassName previous, Step last) {
        MethodSpec.Builder c = MethodSpec.constructorBuilder()
                .addParameter(previous, "previous")
                .addParameter(TypeName.get(Schemas.typeOf(last.field)), last.field.name());
        c.addStatement("super(previous)");
        if (sortTemplate.isPresent()) {
            c.addParameter(String.class, "prefix");
            c.addStatement("this.prefix = prefix");
            c.addStatement("$L($S, prefix)", Member.QUERY_SORT_KEY_BEGINS_WITH, last.attr.attribute());
        } else {
            c.addStatement(
                    "$L($S, $L.$L($L))",
                    Member.QUERY_SORT_KEY_EQUALS,
                    last.attr.attribute(),
                    constants.get(last.field.name()),
                    Member.FIELD_ENCODE,
                    last.field.name());
        }
        return c.build();
    }

    /** {@code part(v)}: narrows to items whose part equals {@code v}, returning the next stage. */
    private MethodSpec valueMethod(Step next) {
        ClassName nextStage = stageAfter(next);
        MethodSpec.Builder v = MethodSpec.methodBuilder(next.field.name())
                .addJavadoc(
                        "Narrows to items whose {@code $L} equals {@code $L}.\n", next.field.name(), next.field.name())
                .addModifiers(Modifier.PUBLIC)
                .returns(nextStage)
                .addParameter(TypeName.get(Schemas.typeOf(next.field)), next.field.name());
        if (sortTemplate.isPresent()) {
            v.addStatement(
                    "return new $T(this, $L, prefix + $L + $S)",
                    nextStage,
                    next.field.name(),
                    KeyRendering.renderPart(
                            next.field, next.placeholder.format(), CodeBlock.of("$L", next.field.name())),
                    next.following);
        } else {
            v.addStatement("return new $T(this, $L)", nextStage, next.field.name());
        }
        return v.build();
    }

    /** {@code part()}: a condition on the part, typed by its field (strings and binaries have their own). */
    private MethodSpec conditionMethod(ClassName stage, Step step) {
        FieldModel f = step.field;
        MethodSpec.Builder m = MethodSpec.methodBuilder(f.name()).addModifiers(Modifier.PUBLIC);
        if (step.template == null) {
            m.addJavadoc("A condition on {@code $L} ({@code $L}).\n", f.name(), step.attr.attribute());
            String type = f.type().qualifiedName();
            if (f.type().category() == JavaType.Category.STRING && type.equals("java.lang.String")) {
                m.returns(ParameterizedTypeName.get(Runtime.STRING_SORT_KEY_CONDITION, stage))
                        .addStatement("return $L($S)", Member.QUERY_STRING_SORT_KEY, step.attr.attribute());
            } else if (f.type().category() == JavaType.Category.BINARY && type.equals("byte[]")) {
                m.returns(ParameterizedTypeName.get(Runtime.BINARY_SORT_KEY_CONDITION, stage))
                        .addStatement("return $L($S)", Member.QUERY_BINARY_SORT_KEY, step.attr.attribute());
            } else {
                m.returns(ParameterizedTypeName.get(Runtime.SORT_KEY_CONDITION, Schemas.boxed(f), stage))
                        .addStatement(
                                "return $L($S, $L.$L())",
                                Member.QUERY_SORT_KEY,
                                step.attr.attribute(),
                                constants.get(f.name()),
                                Member.FIELD_CODEC);
            }
            return m.build();
        }
        m.addJavadoc(
                "A condition on the {@code $L} part of the sort key template {@code $L}.\n",
                f.name(),
                step.template.source());
        if (f.type().qualifiedName().equals("java.lang.String")
                && step.placeholder.format() == KeyTemplate.Format.DEFAULT) {
            return m.returns(ParameterizedTypeName.get(Runtime.STRING_SORT_KEY_CONDITION, stage))
                    .addStatement(
                            "return $L($S, prefix, $S)",
                            Member.QUERY_TEMPLATE_STRING_SORT_KEY,
                            step.attr.attribute(),
                            step.following)
                    .build();
        }
        TypeName boxed = Schemas.boxed(f);
        return m.returns(ParameterizedTypeName.get(Runtime.SORT_KEY_CONDITION, boxed, stage))
                .addStatement(
                        "return $L($S, prefix, $S, ($T v) -> $L, $L)",
                        Member.QUERY_TEMPLATE_SORT_KEY,
                        step.attr.attribute(),
                        step.following,
                        boxed,
                        KeyRendering.renderPart(f, step.placeholder.format(), CodeBlock.of("v")),
                        KeyRendering.fixedWidth(f, step.placeholder.format()))
                .build();
    }
}
