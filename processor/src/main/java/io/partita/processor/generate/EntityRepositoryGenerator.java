package io.partita.processor.generate;

import static io.partita.processor.generate.GeneratedNames.CONSTANT;
import static io.partita.processor.generate.GeneratedNames.SCHEMA_CLASS;
import static io.partita.processor.generate.GeneratedNames.javadocLink;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.Result;
import io.partita.processor.generate.Layout.ShardSource;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.Construction;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.TableModel;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;

/**
 * Writes one entity's {@code <Entity>Repository}: a {@code Field} constant per stored field, {@code SCHEMA},
 * {@code TABLE}, {@code MAPPING}, {@code of(db)}, {@code key/get/delete/update} by key parts, {@code query(...)}
 * and one query method per index with its builders; a view per KEYS_ONLY/INCLUDE GSI through {@link ViewGenerator}.
 */
final class EntityRepositoryGenerator {
    private final TableModel table;
    private final Layout layout;
    private final EntityModel entity;
    private final ClassName entityClass;
    private final ClassName repo;
    private final TypeSpec.Builder type;
    private final Schemas schemas;
    /** Field name -> the name of its {@code Field} constant. */
    private final Map<String, String> constants = new LinkedHashMap<>();

    EntityRepositoryGenerator(TableModel table, Layout layout, Schemas schemas) {
        this.table = table;
        this.layout = layout;
        this.entity = layout.entity;
        this.entityClass = GeneratedNames.entityClass(entity);
        this.repo = GeneratedNames.repositoryClass(entity);
        this.type = TypeSpec.classBuilder(repo);
        this.schemas = schemas;
    }

    void write(Files files, ViewGenerator views, Filer filer) throws IOException {
        type.addJavadoc(
                        "The repository of $L in table {@code $L}: key-based reads and writes, partial updates and\n"
                                + "one query builder per access pattern.\n",
                        javadocLink(entityClass),
                        table.name())
                .addAnnotation(Files.generated())
                .addAnnotation(Files.nullMarked())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(Runtime.ENTITY_REPOSITORY, entityClass))
                .addOriginatingElement(entity.origin().element());
        if (table.isShared()) {
            type.addOriginatingElement(table.origin().element());
        }
        fieldConstants();
        TypeSpec.Builder schema = schemaClass();
        constants(schema);
        opening();
        ChangeFeedMethods.add(
                type,
                table,
                entityClass,
                Member.CHANGE_FEEDS_ENTITY,
                CodeBlock.of("$L(), MAPPING", Member.REPOSITORY_DB));
        keyMethods();
        baseQuery();
        for (IndexLayout index : layout.indexes) {
            indexQuery(index, views, filer);
        }
        type.addType(schema.build());
        files.write(filer, repo, type.build());
    }

    /** One {@code Field<E, V>} constant per stored field, named after it (clear of the repository's constants). */
    private void fieldConstants() {
        Set<String> reserved = new LinkedHashSet<>(List.of("SCHEMA", "TABLE", "MAPPING"));
        for (FieldModel f : entity.storedFields()) {
            String name = GeneratedNames.constantName(f.name());
            if (reserved.contains(name)) {
                name = name + "_FIELD";
            }
            reserved.add(name);
            constants.put(f.name(), name);
            type.addField(FieldSpec.builder(
                            ParameterizedTypeName.get(Runtime.FIELD, entityClass, Schemas.boxed(f)), name, CONSTANT)
                    .addJavadoc(
                            "{@link $T#$L} stored as {@code $L}: for conditions and partial updates.\n",
                            entityClass,
                            entity.construction().strategy() == Construction.Strategy.RECORD
                                    ? f.name() + "()"
                                    : f.name(),
                            f.attributeName())
                    .initializer(
                            "$T.<$T, $T>$L($S, $S, $L)",
                            Runtime.FIELD,
                            entityClass,
                            Schemas.boxed(f),
                            Member.FIELD_OF,
                            f.attributeName(),
                            f.name(),
                            schemas.codec(f))
                    .build());
        }
    }

    /** The private {@code Schema} class: the unrolled item schema, memoizable when the entity is deeply immutable. */
    private TypeSpec.Builder schemaClass() {
        TypeSpec.Builder schema = schemas.schema(
                TypeSpec.classBuilder(SCHEMA_CLASS)
                        .addJavadoc(
                                "How $L maps to an item: one statement per attribute, no reflection, no lambdas.\n",
                                javadocLink(entityClass))
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addField(FieldSpec.builder(
                                        repo.nestedClass(SCHEMA_CLASS), "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                                .initializer("new $L()", SCHEMA_CLASS)
                                .build()),
                entityClass,
                entity.fields(),
                entity.construction().strategy(),
                Modifier.PRIVATE);
        if (Immutability.memoizable(entity)) { // a deeply immutable record: decoded entities may be reused
            schema.addMethod(MethodSpec.methodBuilder(Member.SCHEMA_MEMOIZABLE_TYPE.toString())
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(Class.class), entityClass))
                    .addStatement("return $T.class", entityClass)
                    .build());
        }
        return schema;
    }

    /** {@code SCHEMA}, {@code TABLE} (a shared table's is its table repository's) and {@code MAPPING}. */
    private void constants(TypeSpec.Builder schema) {
        type.addField(FieldSpec.builder(Schemas.schemaType(entityClass), "SCHEMA", CONSTANT)
                .addJavadoc("How $L maps to an item, without reflection.\n", javadocLink(entityClass))
                .initializer("$L.INSTANCE", SCHEMA_CLASS)
                .build());
        if (table.isShared()) {
            ClassName tableRepository = GeneratedNames.tableRepositoryClass(table);
            type.addField(FieldSpec.builder(Runtime.TABLE_DEFINITION, "TABLE", CONSTANT)
                    .addJavadoc("The shared table, as {@link $T#TABLE} declares it.\n", tableRepository)
                    .initializer("$T.TABLE", tableRepository)
                    .build());
        } else {
            type.addField(FieldSpec.builder(Runtime.TABLE_DEFINITION, "TABLE", CONSTANT)
                    .addJavadoc("The table: key schema, attribute types, indexes, projections.\n")
                    .initializer(TableDefinitionCode.tableDefinition(table, List.of(layout)))
                    .build());
        }
        type.addField(
                FieldSpec.builder(ParameterizedTypeName.get(Runtime.ENTITY_MAPPING, entityClass), "MAPPING", CONSTANT)
                        .addJavadoc(
                                "How $L lives in its table: computed keys, index-key fields, version.\n",
                                javadocLink(entityClass))
                        .initializer(new MappingCode(table, layout).mapping(schema))
                        .build());
    }

    /** The private constructor and {@code of(db)}. */
    private void opening() {
        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(Runtime.PARTITA, "db")
                .addStatement("super(db, MAPPING)")
                .build());
        type.addMethod(MethodSpec.methodBuilder("of")
                .addJavadoc(
                        "Opens the repository on {@code db}, creating table {@code $L} if it does not exist.\n",
                        table.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(repo)
                .addParameter(Runtime.PARTITA, "db")
                .addStatement("return new $T(db)", repo)
                .build());
    }

    /** {@code key}, {@code get}, {@code delete} and {@code update}, each taking the base key parts in order. */
    private void keyMethods() {
        List<FieldModel> params = layout.keyParameters();
        List<ParameterSpec> specs = params.stream()
                .map(p -> ParameterSpec.builder(TypeName.get(Schemas.typeOf(p)), p.name())
                        .build())
                .toList();
        String args = String.join(", ", params.stream().map(FieldModel::name).toList());
        type.addMethod(MethodSpec.methodBuilder("key")
                .addJavadoc(
                        "The key of the $L item with these key parts (for transactions, batches, updates).\n",
                        javadocLink(entityClass))
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(Runtime.KEY, entityClass))
                .addParameters(specs)
                .addStatement("return $L", keyCall(Member.REPOSITORY_KEY_OF, params))
                .build());
        // get builds no Key: the same key values straight into the request
        type.addMethod(MethodSpec.methodBuilder("get")
                .addJavadoc("The $L with these key parts, if stored.\n", javadocLink(entityClass))
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), entityClass))
                .addParameters(specs)
                .addStatement("return $L", keyCall(Member.REPOSITORY_GET_BY_KEY, params))
                .build());
        type.addMethod(MethodSpec.methodBuilder("delete")
                .addJavadoc("Deletes the $L with these key parts, if stored.\n", javadocLink(entityClass))
                .addModifiers(Modifier.PUBLIC)
                .addParameters(specs)
                .addStatement("$L(key($L))", Member.REPOSITORY_DELETE, args)
                .build());
        type.addMethod(MethodSpec.methodBuilder("update")
                .addJavadoc(
                        "Starts a partial update of the $L with these key parts: set, remove or add attributes\n"
                                + "without reading the item first.\n",
                        javadocLink(entityClass))
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(Runtime.UPDATE, entityClass))
                .addParameters(specs)
                .addStatement("return $L(key($L))", Member.REPOSITORY_UPDATE, args)
                .build());
    }

    /** {@code method(partitionValue[, sortValue])} over the base key's attribute values. */
    private CodeBlock keyCall(Member method, List<FieldModel> params) {
        CodeBlock pk = KeyRendering.keyValue(layout.basePartition.get(0), params, constants);
        return layout.baseSort.isEmpty()
                ? CodeBlock.of("$L($L)", method, pk)
                : CodeBlock.of(
                        "$L($L, $L)", method, pk, KeyRendering.keyValue(layout.baseSort.get(0), params, constants));
    }

    /** {@code query(partition parts)} and its builders. */
    private void baseQuery() {
        List<KeyAttr> pk = layout.basePartition;
        List<FieldModel> params = layout.parameters(pk);
        ClassName builder = repo.nestedClass("Query");
        MethodSpec.Builder m = MethodSpec.methodBuilder("query")
                .addJavadoc(
                        "Queries the items of $L in one partition; narrow by the sort key, then call a terminal.\n",
                        javadocLink(entityClass))
                .addModifiers(Modifier.PUBLIC);
        new PartitionStages(
                        type,
                        repo.nestedClass("QueryPartition"),
                        ParameterizedTypeName.get(Runtime.QUERY_SPEC, entityClass),
                        params,
                        builder,
                        PartitionStages.arguments(params),
                        "the table")
                .entry(m, CodeBlock.of("$L()", Member.REPOSITORY_TABLE_QUERY));
        type.addMethod(m.build());
        new QueryBuilderGenerator(
                        type, entity, constants, builder, entityClass, pk, layout.baseSort, params, true, "the table")
                .write();
    }

    /** The query method of one index (its view written first, for KEYS_ONLY/INCLUDE GSIs) and its builders. */
    private void indexQuery(IndexLayout index, ViewGenerator views, Filer filer) throws IOException {
        TypeName result = entityClass;
        String name = index.index().name();
        CodeBlock spec = CodeBlock.of("$L($S)", Member.REPOSITORY_INDEX_QUERY, name);
        if (index.result() == Result.VIEW) {
            ClassName view = GeneratedNames.viewClass(entity, index.index());
            views.write(entity, view, index, filer);
            result = view;
            spec = CodeBlock.of("$L($S, $T.SCHEMA)", Member.REPOSITORY_INDEX_QUERY, name, view);
        }
        List<KeyAttr> pk = index.isGsi() ? index.partition() : layout.basePartition;
        List<FieldModel> params = layout.parameters(
                pk.stream().filter(a -> !(a.source() instanceof ShardSource)).toList());
        ClassName builder = repo.nestedClass(Layout.upperCamel(index.method()) + "Query");
        MethodSpec.Builder m = MethodSpec.methodBuilder(index.method())
                .addJavadoc(
                        "Queries index {@code $L} ($L, projection $L)$L; narrow by its sort key, then call a terminal.\n",
                        name,
                        index.index().kind(),
                        index.index().projection(),
                        index.scatter()
                                .map(s -> ", gathering its " + s.shards() + " shards")
                                .orElse(""))
                .addModifiers(Modifier.PUBLIC);
        String what = "index {@code " + name + "}";
        new PartitionStages(
                        type,
                        repo.nestedClass(Layout.upperCamel(index.method()) + "Partition"),
                        ParameterizedTypeName.get(Runtime.QUERY_SPEC, result),
                        params,
                        builder,
                        PartitionStages.arguments(params),
                        what)
                .entry(m, spec);
        type.addMethod(m.build());
        new QueryBuilderGenerator(
                        type, entity, constants, builder, result, pk, index.sort(), params, !index.isGsi(), what)
                .write();
    }
}
