package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The entry point of a query whose partition is identified by some parameters. With one parameter or none, the
 * method takes them and returns {@code new builder(spec, arguments)}. With two or more (a multi-attribute
 * partition key, or a partition template with several placeholders) it takes none and returns the first of a chain
 * of stages added to the owner: stage {@code k} is its own type whose only method is named after part {@code k}
 * and takes its value, so a swapped or an omitted part does not compile; the method of the last part returns the
 * builder.
 *
 * @param owner the repository the stages are nested in
 * @param firstStage the type of the first stage
 * @param specType the type of the query spec every stage carries
 * @param params the partition-key parts, in key order
 * @param builder the query builder the entry leads to
 * @param arguments the builder's constructor arguments after the spec, written over the parameter names (each
 *     stage keeps the parts given so far in fields of those names, so the same code reads them)
 * @param what what is queried, for Javadoc
 */
record PartitionStages(
        TypeSpec.Builder owner,
        ClassName firstStage,
        TypeName specType,
        List<FieldModel> params,
        ClassName builder,
        CodeBlock arguments,
        String what) {

    /** {@code a, b, c}: the parameters as arguments, in order. */
    static CodeBlock arguments(List<FieldModel> params) {
        return CodeBlock.join(
                params.stream().map(p -> CodeBlock.of("$L", p.name())).toList(), ", ");
    }

    /** Completes {@code method}, whose query starts from {@code spec}, and adds its stages to the owner. */
    void entry(MethodSpec.Builder method, CodeBlock spec) {
        if (params.size() < 2) {
            params.forEach(p -> method.addParameter(TypeName.get(Schemas.typeOf(p)), p.name()));
            method.returns(builder)
                    .addStatement(
                            "return $L",
                            arguments.isEmpty()
                                    ? CodeBlock.of("new $T($L)", builder, spec)
                                    : CodeBlock.of("new $T($L, $L)", builder, spec, arguments));
            return;
        }
        method.addJavadoc("Give the partition-key parts in key order ($L); each step is its own type.\n", order())
                .returns(firstStage)
                .addStatement("return new $T($L)", firstStage, spec);
        ClassName stage = firstStage;
        for (int k = 0; k < params.size(); k++) {
            ClassName next = k + 1 == params.size()
                    ? builder
                    : GeneratedNames.stageAfter(firstStage, params.get(k).name());
            owner.addType(stage(k, stage, next));
            stage = next;
        }
    }

    /** The parts in key order, each in a code tag, for Javadoc. */
    private String order() {
        return String.join(
                ", ", params.stream().map(p -> "{@code " + p.name() + "}").toList());
    }

    /** Stage {@code k}: holds the spec and the parts given so far; its one method fixes part {@code k}. */
    private TypeSpec stage(int k, ClassName stage, ClassName next) {
        FieldModel part = params.get(k);
        boolean last = k + 1 == params.size();
        TypeSpec.Builder t = TypeSpec.classBuilder(stage)
                .addJavadoc(
                        "The partition key of $L, part by part in key order ($L)$L.\n",
                        what,
                        order(),
                        k == 0 ? "" : "; next {@code " + part.name() + "}")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addField(specType, "spec", Modifier.PRIVATE, Modifier.FINAL);
        MethodSpec.Builder c =
                MethodSpec.constructorBuilder().addParameter(specType, "spec").addStatement("this.spec = spec");
        for (FieldModel g : params.subList(0, k)) {
            TypeName gt = TypeName.get(Schemas.typeOf(g));
            t.addField(gt, g.name(), Modifier.PRIVATE, Modifier.FINAL);
            c.addParameter(gt, g.name()).addStatement("this.$L = $L", g.name(), g.name());
        }
        t.addMethod(c.build());
        MethodSpec.Builder v = MethodSpec.methodBuilder(part.name())
                .addJavadoc(
                        last
                                ? "Fixes {@code $L}, the last partition-key part: narrow by the sort key, or call a terminal.\n"
                                : "Fixes partition-key part {@code $L}.\n",
                        part.name())
                .addModifiers(Modifier.PUBLIC)
                .returns(next)
                .addParameter(TypeName.get(Schemas.typeOf(part)), part.name());
        if (last) {
            v.addStatement(
                    "return $L",
                    arguments.isEmpty()
                            ? CodeBlock.of("new $T(spec)", builder)
                            : CodeBlock.of("new $T(spec, $L)", builder, arguments));
        } else {
            List<CodeBlock> args = new ArrayList<>();
            args.add(CodeBlock.of("spec"));
            params.subList(0, k + 1).forEach(p -> args.add(CodeBlock.of("$L", p.name())));
            v.addStatement("return new $T($L)", next, CodeBlock.join(args, ", "));
        }
        return t.addMethod(v.build()).build();
    }
}
