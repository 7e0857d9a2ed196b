package io.partita.processor.design;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.partita.migration.MigrationPlan;
import io.partita.processor.PartitaProcessor;
import io.partita.processor.generate.Generator;
import io.partita.processor.generate.MigrationPlanJavadoc;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Generated;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Generates {@code <TableType>Migrations} for a table whose types declare migrations ({@code @Migration},
 * {@code @Attribute(formerly)}): one constant {@code PLAN}, the {@link MigrationPlan} the runtime runs
 * ({@code Migrations.on(db).plan(OrderMigrations.PLAN)}) — the entity mappings of the new design, one step per
 * declaration sorted as in {@code design.json} (change, target, declaring type) with its old and new value read from
 * the baseline when {@code -Apartita.baseline} is given, and the randomly sharded attributes whose stored shard a
 * rewrite keeps. Nothing is generated for a table without declarations.
 */
public final class MigrationPlanGenerator implements Generator {
    /** The suffix of the generated type's name. */
    public static final String SUFFIX = "Migrations";

    private final Declarations declarations;
    private final Optional<String> baseline;
    private final Set<String> written = new HashSet<>();
    private JsonNode baselineTables; // read once; missing when absent or unreadable (UnreadableBaseline reports it)

    public MigrationPlanGenerator(Elements elements, Optional<String> baseline) {
        this.declarations = new Declarations(elements);
        this.baseline = baseline;
    }

    /** A step before its values: what the declarations say. */
    private record Declared(String change, String target, String declaredOn, String from, String to) {}

    @Override
    public void generate(TableModel table, Filer filer) throws IOException {
        if (table.entities().isEmpty() || written.contains(table.name())) {
            return;
        }
        List<Declared> steps = steps(table);
        if (steps.isEmpty()) {
            return;
        }
        written.add(table.name());
        ClassName type = ClassName.get((TypeElement) table.origin().element());
        ClassName name = ClassName.get(type.packageName(), String.join("", type.simpleNames()) + SUFFIX);
        JavaFile.builder(name.packageName(), type(table, name, steps))
                .skipJavaLangImports(true)
                .indent("  ")
                .build()
                .writeTo(filer);
    }

    private List<Declared> steps(TableModel table) {
        JsonNode before = baselineTable(table.name());
        JsonNode now = DesignFile.tree(DesignFacts.of(table));
        List<Declared> out = new ArrayList<>();
        for (Declarations.Declared d : declarations.of(table)) {
            String[] v = PlanValues.of(d.change(), d.target(), d.declaredOn(), before, now, table);
            out.add(new Declared(d.change(), d.target(), d.declaredOn(), v[0], v[1]));
        }
        for (EntityModel e : table.entities()) {
            for (FieldModel f : e.storedFields()) {
                declarations
                        .formerly(f)
                        .ifPresent(old -> out.add(new Declared(
                                Changes.ATTRIBUTE_NAME, f.attributeName(), e.qualifiedName(), old, f.attributeName())));
            }
        }
        out.sort(Comparator.comparing(Declared::change)
                .thenComparing(Declared::target)
                .thenComparing(Declared::declaredOn));
        return out;
    }

    private JsonNode baselineTable(String table) {
        if (baseline.isEmpty()) {
            return MissingNode.getInstance();
        }
        if (baselineTables == null) {
            try {
                baselineTables = DesignFile.readTables(Path.of(baseline.get()));
            } catch (DesignFile.Unreadable e) {
                baselineTables = MissingNode.getInstance();
            }
        }
        return baselineTables.path(table);
    }

    private static TypeSpec type(TableModel table, ClassName name, List<Declared> steps) {
        CodeBlock.Builder plan = CodeBlock.builder().add("$T.builder($S)", MigrationPlan.class, table.name());
        plan.indent();
        for (EntityModel e : table.entities()) {
            ClassName entity = ClassName.get((TypeElement) e.origin().element());
            // the repository generator's naming: p.ERepository for entity p.E (nested: the simple names joined)
            ClassName repository =
                    ClassName.get(entity.packageName(), String.join("", entity.simpleNames()) + "Repository");
            plan.add("\n.entity($S, $T.MAPPING)", e.qualifiedName(), repository);
        }
        for (Declared s : steps) {
            plan.add("\n.step($S, $S, $S, $S, $S)", s.change(), s.target(), s.declaredOn(), s.from(), s.to());
        }
        randomShards(table, plan);
        plan.add("\n.build()").unindent();
        return TypeSpec.classBuilder(name)
                .addJavadoc(MigrationPlanJavadoc.of(table.name(), name.simpleName()))
                .addAnnotation(AnnotationSpec.builder(Generated.class)
                        .addMember("value", "$S", PartitaProcessor.class.getName())
                        .build())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addField(
                        FieldSpec.builder(MigrationPlan.class, "PLAN", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                                .initializer(plan.build())
                                .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .build())
                .build();
    }

    /** Each randomly sharded attribute, once: the shard attribute, or the overloaded key carrying a suffix. */
    private static void randomShards(TableModel table, CodeBlock.Builder plan) {
        Set<String> seen = new HashSet<>();
        for (EntityModel e : table.entities()) {
            for (ScatterModel s : e.scatters()) {
                if (!s.isRandom()) {
                    continue;
                }
                Optional<IndexModel> index = table.index(s.index());
                boolean suffix = index.isPresent() && index.get().isOverloaded();
                String attribute =
                        suffix ? index.get().partitionAttribute().orElse(s.shardAttribute()) : s.shardAttribute();
                if (seen.add(attribute)) {
                    plan.add("\n.randomShard($S, $L, $L)", attribute, s.shards(), suffix);
                }
            }
        }
    }
}
