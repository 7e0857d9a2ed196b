package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.ScatteredTemplateSource;
import io.partita.processor.generate.Layout.ShardSource;
import io.partita.processor.generate.Layout.TemplateSource;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * An entity repository's {@code MAPPING} initializer, {@code EntityMapping.builder(TABLE, SCHEMA)...build()}:
 * computed template keys and scatter shards, index-key fields, discriminator, version, automatic values. Index-key
 * fields and computed attributes are numbered members, read by the {@code EntityMapping.Members} methods this adds
 * to the repository's schema class (one {@code switch} each, instead of one lambda per member).
 */
final class MappingCode {
    private final TableModel table;
    private final Layout layout;
    private final EntityModel entity;
    private final ClassName entityClass;
    private final CodeBlock.Builder calls = CodeBlock.builder();
    private final List<CodeBlock> fieldCases = new ArrayList<>();
    private final List<CodeBlock> computedCases = new ArrayList<>();

    MappingCode(TableModel table, Layout layout) {
        this.table = table;
        this.layout = layout;
        this.entity = layout.entity;
        this.entityClass = GeneratedNames.entityClass(entity);
    }

    /** The initializer; adds the members' methods to {@code schema} when there are members. Call once. */
    CodeBlock mapping(TypeSpec.Builder schema) {
        for (KeyAttr a : Layout.concat(layout.basePartition, layout.baseSort)) {
            computed(a);
        }
        Map<String, Integer> fieldMembers = new LinkedHashMap<>();
        for (IndexLayout index : layout.indexes) {
            for (KeyAttr a : Layout.concat(index.partition(), index.sort())) {
                computed(a);
                indexKeyFields(index, a, fieldMembers);
            }
        }
        boolean members = !fieldCases.isEmpty() || !computedCases.isEmpty();
        if (members) {
            schema.addSuperinterface(ParameterizedTypeName.get(Runtime.ENTITY_MAPPING_MEMBERS, entityClass));
            schema.addMethod(membersMethod(
                    Member.MEMBERS_INDEX_KEY_FIELD, Files.nullable(ClassName.OBJECT), "field", fieldCases));
            schema.addMethod(membersMethod(
                    Member.MEMBERS_COMPUTED, Files.nullable(Runtime.ATTRIBUTE_VALUE), "attribute", computedCases));
        }
        entity.type()
                .ifPresent(t -> calls.add("\n.$L($S, $S)", Member.MAPPING_DISCRIMINATOR, table.discriminator(), t));
        entity.storedFields().stream()
                .filter(f -> f.version().isPresent())
                .findFirst()
                .ifPresent(f -> calls.add("\n.$L($S)", Member.MAPPING_VERSION, f.attributeName()));
        AutoValueMapping.add(calls, entity);
        CodeBlock.Builder mapping = CodeBlock.builder()
                .add("$T.$L(TABLE, SCHEMA)", Runtime.ENTITY_MAPPING, Member.MAPPING_BUILDER)
                .indent();
        if (members) {
            mapping.add("\n.$L($L.INSTANCE)", Member.MAPPING_MEMBERS, GeneratedNames.SCHEMA_CLASS);
        }
        return mapping.add(calls.build())
                .add("\n.$L()", Member.MAPPING_BUILD)
                .unindent()
                .build();
    }

    /** {@code .indexKey(index, field, attribute, member, sparse)} per non-primitive field of key attribute {@code a}. */
    private void indexKeyFields(IndexLayout index, KeyAttr a, Map<String, Integer> fieldMembers) {
        for (String fieldName : Layout.fieldsOf(a)) {
            FieldModel f = entity.storedField(fieldName).orElseThrow();
            if (Schemas.typeOf(f).getKind().isPrimitive()) {
                continue;
            }
            Integer member = fieldMembers.get(f.name());
            if (member == null) {
                member = fieldMembers.size();
                fieldMembers.put(f.name(), member);
                fieldCases.add(CodeBlock.of("case $L -> $L;\n", member, Schemas.read("e", f)));
            }
            calls.add(
                    "\n.$L($S, $S, $S, $L, $L)",
                    Member.MAPPING_INDEX_KEY,
                    index.index().name(),
                    f.name(),
                    a.attribute(),
                    member,
                    f.sparse().isPresent());
        }
    }

    /** {@code return switch (member) { case 0 -> ...; ... }}, or a throw when there are no cases. */
    private MethodSpec membersMethod(Member name, TypeName returns, String member, List<CodeBlock> cases) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(name.toString())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns)
                .addParameter(entityClass, "e")
                .addParameter(TypeName.INT, member);
        if (cases.isEmpty()) {
            return m.addStatement("throw new $T($L)", IndexOutOfBoundsException.class, member)
                    .build();
        }
        CodeBlock.Builder body = CodeBlock.builder().add("return switch ($L) {\n$>", member);
        cases.forEach(body::add);
        body.add("default -> throw new $T($L);\n", IndexOutOfBoundsException.class, member);
        return m.addCode(body.add("$<};\n").build()).build();
    }

    /** Adds {@code .computed(attribute, member, sources...)} and the member's case, for a computed attribute. */
    private void computed(KeyAttr a) {
        CodeBlock value;
        List<CodeBlock> sources;
        if (a.source() instanceof TemplateSource t) {
            List<FieldModel> fields = layout.parameters(List.of(a));
            sources = attributeNames(fields);
            value = CodeBlock.of(
                    "$T.$L($L)",
                    Runtime.ENTITY_MAPPING_MEMBERS,
                    Member.MEMBERS_STRING,
                    KeyRendering.render(t.template(), "e", fields));
        } else if (a.source() instanceof ScatteredTemplateSource t) {
            List<FieldModel> fields = layout.parameters(List.of(a));
            List<CodeBlock> all = new ArrayList<>(attributeNames(fields));
            byAttribute(t.scatter())
                    .filter(by ->
                            fields.stream().noneMatch(f -> f.attributeName().equals(by)))
                    .ifPresent(by -> all.add(CodeBlock.of("$S", by)));
            sources = all;
            value = CodeBlock.of(
                    "$T.$L($T.$L($L, $L))",
                    Runtime.ENTITY_MAPPING_MEMBERS,
                    Member.MEMBERS_STRING,
                    Runtime.SHARDS,
                    Member.SHARDS_SUFFIXED,
                    KeyRendering.render(t.template(), "e", fields),
                    shardOf(t.scatter()));
        } else if (a.source() instanceof ShardSource s) {
            sources = byAttribute(s.scatter())
                    .map(by -> List.of(CodeBlock.of("$S", by)))
                    .orElse(List.of());
            value = CodeBlock.of("$T.$L($L)", Runtime.ATTRIBUTE_VALUE, Member.ATTRIBUTE_VALUE_N, shardOf(s.scatter()));
        } else {
            return;
        }
        int member = computedCases.size();
        computedCases.add(CodeBlock.of("case $L -> $L;\n", member, value));
        calls.add(
                "\n.$L($S, $L$L)",
                Member.MAPPING_COMPUTED,
                a.attribute(),
                member,
                sources.isEmpty() ? CodeBlock.of("") : CodeBlock.of(", $L", CodeBlock.join(sources, ", ")));
    }

    private static List<CodeBlock> attributeNames(List<FieldModel> fields) {
        return fields.stream().map(f -> CodeBlock.of("$S", f.attributeName())).toList();
    }

    private Optional<String> byAttribute(ScatterModel s) {
        return s.isRandom()
                ? Optional.empty()
                : Optional.of(entity.storedField(s.by()).orElseThrow().attributeName());
    }

    /** The shard of entity {@code e}: {@code Shards.of(canonical rendering of by, n)}, or random. */
    private CodeBlock shardOf(ScatterModel s) {
        if (s.isRandom()) {
            return CodeBlock.of("$T.$L($L)", Runtime.SHARDS, Member.SHARDS_RANDOM, s.shards());
        }
        FieldModel by = entity.storedField(s.by()).orElseThrow();
        return CodeBlock.of(
                "$T.$L($L, $L)",
                Runtime.SHARDS,
                Member.SHARDS_OF,
                KeyRendering.renderPart(by, KeyTemplate.Format.DEFAULT, Schemas.read("e", by)),
                s.shards());
    }
}
