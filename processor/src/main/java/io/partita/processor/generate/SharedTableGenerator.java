package io.partita.processor.generate;

import static io.partita.processor.generate.GeneratedNames.CONSTANT;
import static io.partita.processor.generate.GeneratedNames.javadocLink;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.TemplateSource;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.TableModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;

/**
 * Writes a shared table's {@code <Table>Repository}: {@code TABLE}, {@code decode(item)} by discriminator, and one
 * {@code <literal>Collection(...)} query per distinct partition-key template, returning every entity type of one
 * partition.
 */
final class SharedTableGenerator {
    private final TableModel table;
    private final List<Layout> layouts;
    private final ClassName repo;
    /** A sealed interface every entity implements: decoded items have that type, so callers' instanceof chains are
     * over a closed set; otherwise Object. */
    private final ClassName element;

    SharedTableGenerator(TableModel table) {
        this.table = table;
        this.layouts = table.entities().stream().map(e -> new Layout(table, e)).toList();
        this.repo = GeneratedNames.tableRepositoryClass(table);
        this.element = table.sealed() ? GeneratedNames.tableType(table) : ClassName.OBJECT;
    }

    void write(Files files, Filer filer) throws IOException {
        if (layouts.isEmpty()) {
            return;
        }
        TypeSpec.Builder type = TypeSpec.classBuilder(repo)
                .addJavadoc(
                        "The shared table $L ($S): its definition and its item-collection queries, which return every\n"
                                + "entity type of one partition, each decoded to its class by the {@code $L} attribute.\n",
                        javadocLink(GeneratedNames.tableType(table)),
                        table.name(),
                        table.discriminator())
                .addAnnotation(Files.generated())
                .addAnnotation(Files.nullMarked())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addOriginatingElement(table.origin().element());
        table.entities().forEach(e -> type.addOriginatingElement(e.origin().element()));
        type.addField(FieldSpec.builder(Runtime.TABLE_DEFINITION, "TABLE", CONSTANT)
                .addJavadoc("The table: key schema, attribute types, indexes, projections.\n")
                .initializer(TableDefinitionCode.tableDefinition(table, layouts))
                .build());
        type.addField(FieldSpec.builder(
                        ParameterizedTypeName.get(Runtime.ITEM_DECODER, element),
                        "DECODER",
                        Modifier.PRIVATE,
                        Modifier.STATIC,
                        Modifier.FINAL)
                .initializer("$T::decode", repo)
                .build());
        type.addField(FieldSpec.builder(Runtime.PARTITA, "db", Modifier.PRIVATE, Modifier.FINAL)
                .build());
        openingMethods(type);
        ChangeFeedMethods.add(type, table, element, Member.CHANGE_FEEDS_TABLE, CodeBlock.of("db, TABLE, DECODER"));
        type.addMethod(decodeMethod());
        collectionQueries(type);
        files.write(filer, repo, type.build());
    }

    /** The constructor, {@code of(db)} and {@code tableDefinition()}. */
    private void openingMethods(TypeSpec.Builder type) {
        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(Runtime.PARTITA, "db")
                .addStatement("this.db = db")
                .build());
        type.addMethod(MethodSpec.methodBuilder("of")
                .addJavadoc("Opens the table on {@code db}, creating it if it does not exist.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(repo)
                .addParameter(Runtime.PARTITA, "db")
                .addStatement("db.$L(TABLE)", Member.CREATE_TABLE_IF_MISSING)
                .addStatement("return new $T(db)", repo)
                .build());
        type.addMethod(MethodSpec.methodBuilder("tableDefinition")
                .addJavadoc("The table's definition.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(Runtime.TABLE_DEFINITION)
                .addStatement("return TABLE")
                .build());
    }

    /** {@code decode(item)}: a switch over the discriminator to each entity repository's mapping. */
    private MethodSpec decodeMethod() {
        CodeBlock.Builder decode = CodeBlock.builder()
                .addStatement("$T type = item.get($S)", Runtime.ATTRIBUTE_VALUE, table.discriminator())
                .beginControlFlow("if (!(type instanceof $T s))", Runtime.ATTRIBUTE_VALUE_S)
                .addStatement("return null")
                .endControlFlow()
                .beginControlFlow("return switch (s.$L())", Member.S_VALUE);
        for (EntityModel e : table.entities()) {
            decode.addStatement(
                    "case $S -> $T.MAPPING.$L(item)",
                    e.type().orElseThrow(),
                    GeneratedNames.repositoryClass(e),
                    Member.MAPPING_FROM_ITEM);
        }
        decode.addStatement("default -> null").endControlFlow("");
        ParameterizedTypeName itemMap = ParameterizedTypeName.get(
                ClassName.get(Map.class), ClassName.get(String.class), Runtime.ATTRIBUTE_VALUE);
        return MethodSpec.methodBuilder("decode")
                .addJavadoc("The entity an item holds, by its discriminator; null for an unknown type.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(Files.nullable(element))
                .addParameter(itemMap, "item")
                .addCode(decode.build())
                .build();
    }

    /** One query per distinct partition template (its shape), named after its leading literal. */
    private void collectionQueries(TypeSpec.Builder type) {
        Map<String, List<EntityModel>> byTemplate = new LinkedHashMap<>();
        Map<String, Layout> layoutOf = new LinkedHashMap<>();
        for (Layout l : layouts) {
            KeyTemplate pk = ((TemplateSource) l.basePartition.get(0).source()).template();
            String shape = KeyRendering.shape(pk);
            byTemplate.computeIfAbsent(shape, k -> new ArrayList<>()).add(l.entity);
            layoutOf.putIfAbsent(shape, l);
        }
        Set<String> methodNames = new LinkedHashSet<>();
        for (Map.Entry<String, List<EntityModel>> group : byTemplate.entrySet()) {
            Layout l = layoutOf.get(group.getKey());
            KeyTemplate template = ((TemplateSource) l.basePartition.get(0).source()).template();
            String base = collectionMethodBase(template, group.getValue());
            String method = base + "Collection";
            for (int i = 2; !methodNames.add(method); i++) {
                method = base + "Collection" + i;
            }
            collectionQuery(type, method, l, group.getValue());
        }
    }

    /** {@code "ORDER#"} -> {@code order}; a template without a leading literal: its entities' names. */
    private static String collectionMethodBase(KeyTemplate template, List<EntityModel> entities) {
        String literal =
                template.leadingLiteral().replaceAll("[^A-Za-z0-9]+", " ").trim();
        return literal.isEmpty()
                ? Layout.lowerCamel(String.join(
                        "", entities.stream().map(EntityModel::simpleName).toList()))
                : Layout.lowerCamel(
                        literal.replace(' ', '_').toLowerCase(Locale.ROOT).replaceAll("_(.)", "$1"));
    }

    /** The query method {@code method} over the partitions of {@code l}'s template, and its builder. */
    private void collectionQuery(TypeSpec.Builder type, String method, Layout l, List<EntityModel> entities) {
        KeyAttr pk = l.basePartition.get(0);
        KeyTemplate template = ((TemplateSource) pk.source()).template();
        ClassName builder = repo.nestedClass(Layout.upperCamel(method) + "Query");
        List<FieldModel> params = l.parameters(List.of(pk));
        MethodSpec.Builder m = MethodSpec.methodBuilder(method)
                .addJavadoc(
                        "The item collection $S: every item of one partition, of types $L, in sort-key order.\n",
                        template.source(),
                        CodeBlock.join(
                                entities.stream()
                                        .map(e -> javadocLink(GeneratedNames.entityClass(e)))
                                        .toList(),
                                ", "))
                .addModifiers(Modifier.PUBLIC);
        new PartitionStages(
                        type,
                        repo.nestedClass(Layout.upperCamel(method) + "Partition"),
                        ParameterizedTypeName.get(Runtime.QUERY_SPEC, element),
                        params,
                        builder,
                        CodeBlock.of("$L", KeyRendering.render(template, "", params)),
                        "the item collection {@code " + template.source() + "}")
                .entry(
                        m,
                        CodeBlock.of(
                                "$T.$L(db.$L(), TABLE, null, DECODER, null, true, db.$L())",
                                Runtime.QUERY_SPEC,
                                Member.QUERY_SPEC_OF,
                                Member.REQUESTS,
                                Member.GATHER_OPTIONS));
        type.addMethod(m.build());
        type.addType(collectionBuilder(builder, template, pk));
    }

    /** The collection's query builder: partition fixed, an optional condition on the raw sort key. */
    private TypeSpec collectionBuilder(ClassName builder, KeyTemplate template, KeyAttr pk) {
        TypeSpec.Builder q = TypeSpec.classBuilder(builder)
                .addJavadoc(
                        "Query on the item collection $S; the sort key {@code $L} may narrow it.\n",
                        template.source(),
                        table.sortAttribute().orElse(""))
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(Runtime.CONSISTENT_QUERY_BUILDER, element, builder))
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(ParameterizedTypeName.get(Runtime.QUERY_SPEC, element), "spec")
                        .addParameter(String.class, "partition")
                        .addStatement("super(spec)")
                        .addStatement(
                                "$L($S, $T.$L(partition))",
                                Member.QUERY_PARTITION_KEY,
                                pk.attribute(),
                                Runtime.ATTRIBUTE_VALUE,
                                Member.ATTRIBUTE_VALUE_S)
                        .build());
        table.sortAttribute()
                .ifPresent(sk -> q.addMethod(MethodSpec.methodBuilder("sortKey")
                        .addJavadoc("A condition on the raw sort key {@code $L}.\n", sk)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(Runtime.STRING_SORT_KEY_CONDITION, builder))
                        .addStatement("return $L($S)", Member.QUERY_STRING_SORT_KEY, sk)
                        .build()));
        return q.build();
    }
}
