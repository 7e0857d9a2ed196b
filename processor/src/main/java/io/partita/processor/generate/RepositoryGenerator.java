package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Message;
import io.partita.processor.diag.Phrase;
import io.partita.processor.generate.Layout.FieldSource;
import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.Result;
import io.partita.processor.generate.Layout.ScatteredTemplateSource;
import io.partita.processor.generate.Layout.ShardSource;
import io.partita.processor.generate.Layout.TemplateSource;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.Construction;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.JavaType;
import io.partita.processor.model.KeyTemplate;
import io.partita.processor.model.Origin;
import io.partita.processor.model.ProjectionKind;
import io.partita.processor.model.ScatterModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TimeToLiveFields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * Generates, for every entity of a validated table, {@code <Entity>Repository} (schema, field constants,
 * mapping, key-based operations, one query builder per access pattern), a {@code <Entity><Index>View} record
 * per KEYS_ONLY/INCLUDE GSI, schemas of nested records/classes, and for a shared table
 * {@code <Table>Repository} with its item-collection queries.
 */
public final class RepositoryGenerator implements Generator {
    private static final Modifier[] CONSTANT = {Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL};
    /** The private nested class of a repository or view that is its {@code SCHEMA}. */
    private static final String SCHEMA_CLASS = "Schema";

    private final ProcessingEnvironment env;
    private final Diagnostics diagnostics;
    private final Files files = new Files();
    private final Map<String, ClassName> nestedSchemas = new LinkedHashMap<>();
    private final List<TypeElement> pendingNested = new ArrayList<>();
    private final CodecExpressions codecs;
    private final Schemas schemas;

    public RepositoryGenerator(ProcessingEnvironment env, Diagnostics diagnostics) {
        this.env = env;
        this.diagnostics = diagnostics;
        this.codecs = new CodecExpressions(this::nestedSchema);
        this.schemas = new Schemas(codecs);
    }

    /** One line per repository written: kind, repository class, entity or table type, table name. */
    private final java.util.SortedSet<String> index = new java.util.TreeSet<>();

    private final List<Element> indexOrigins = new ArrayList<>();

    /**
     * The index of every repository written so far ({@link #INDEX}): lines of tab-separated {@code entity} or
     * {@code table}, the repository's binary name, the entity's (or shared-table interface's) binary name and the
     * table name, sorted. A Spring Boot starter (or any framework) reads it to register every repository without
     * classpath scanning.
     */
    public List<String> index() {
        return List.copyOf(index);
    }

    /** The elements the index was generated from. */
    public Element[] indexOrigins() {
        return indexOrigins.toArray(Element[]::new);
    }

    /** The class-output resource {@link #index()} is written to. */
    public static final String INDEX = "META-INF/partita/repositories.idx";

    @Override
    public void generate(TableModel table, Filer filer) throws IOException {
        for (EntityModel entity : table.entities()) {
            try {
                new EntityWriter(table, new Layout(table, entity)).write(filer);
                index.add(String.join(
                        "\t",
                        "entity",
                        binaryName(repositoryClass(entity)),
                        binaryName(entityClass(entity)),
                        table.name()));
                indexOrigins.add(entity.origin().element());
            } catch (CodecExpressions.Unsupported e) {
                unsupported(
                        e,
                        entity.simpleName(),
                        entity.simpleName(),
                        Origin.of(entity.origin().element()));
            }
        }
        if (table.isShared() && !table.entities().isEmpty()) {
            writeSharedTable(table, filer);
            ClassName tableType = ClassName.get((TypeElement) table.origin().element());
            index.add(String.join(
                    "\t", "table", binaryName(tableRepositoryClass(table)), binaryName(tableType), table.name()));
            indexOrigins.add(table.origin().element());
        }
        writeNestedSchemas(filer);
    }

    private static String binaryName(ClassName c) {
        return c.reflectionName();
    }

    // ---- names -------------------------------------------------------------------------------------------

    static ClassName entityClass(EntityModel e) {
        return ClassName.get((TypeElement) e.origin().element());
    }

    static ClassName repositoryClass(EntityModel e) {
        ClassName entity = entityClass(e);
        return ClassName.get(entity.packageName(), String.join("", entity.simpleNames()) + "Repository");
    }

    static ClassName tableRepositoryClass(TableModel t) {
        ClassName type = ClassName.get((TypeElement) t.origin().element());
        return ClassName.get(type.packageName(), String.join("", type.simpleNames()) + "Repository");
    }

    static ClassName viewClass(EntityModel e, IndexModel index) {
        ClassName entity = entityClass(e);
        return ClassName.get(
                entity.packageName(), String.join("", entity.simpleNames()) + Layout.upperCamel(index.name()) + "View");
    }

    static String constantName(String field) {
        return field.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    private static CodeBlock javadocLink(ClassName c) {
        return CodeBlock.of("{@link $T}", c);
    }

    // ---- nested schemas ----------------------------------------------------------------------------------

    private ClassName nestedSchema(TypeElement type) {
        String name = type.getQualifiedName().toString();
        ClassName existing = nestedSchemas.get(name);
        if (existing != null) {
            return existing;
        }
        ClassName c = ClassName.get(type);
        ClassName schema = ClassName.get(c.packageName(), String.join("", c.simpleNames()) + "Schema");
        nestedSchemas.put(name, schema);
        pendingNested.add(type);
        return schema;
    }

    private void writeNestedSchemas(Filer filer) throws IOException {
        while (!pendingNested.isEmpty()) {
            TypeElement type = pendingNested.remove(0);
            ClassName schemaClass = nestedSchemas.get(type.getQualifiedName().toString());
            if (files.isWritten(schemaClass)) {
                continue;
            }
            EntityModel model = new io.partita.processor.extract.ModelExtractor(
                            env.getTypeUtils(), env.getElementUtils())
                    .nestedType(type);
            if (!model.construction().isPossible()) {
                diagnostics.report(
                        Message.NotConstructible,
                        Origin.of(type),
                        Phrase.NESTED_TYPE.with(type.getSimpleName()),
                        Phrase.CREATED_AS_NESTED_MAP.with(),
                        model.construction().problem().orElseThrow());
                continue;
            }
            ClassName target = ClassName.get(type);
            TypeSpec.Builder spec = TypeSpec.classBuilder(schemaClass)
                    .addJavadoc("The item schema of $L, stored as a nested map.\n", javadocLink(target))
                    .addAnnotation(Files.generated())
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addOriginatingElement(type)
                    .addField(FieldSpec.builder(Schemas.schemaType(target), "SCHEMA", CONSTANT)
                            .initializer("new $T()", schemaClass)
                            .build());
            try {
                schemas.schema(
                        spec, target, model.fields(), model.construction().strategy(), Modifier.PRIVATE);
            } catch (CodecExpressions.Unsupported e) {
                unsupported(
                        e, Phrase.NESTED_TYPE.with(type.getSimpleName()), schemaClass.simpleName(), Origin.of(type));
                continue;
            }
            files.write(filer, schemaClass, spec.build());
        }
    }

    /** Reports a field type the runtime cannot map, on the field when known. */
    private void unsupported(CodecExpressions.Unsupported e, Object owner, String repository, Origin fallback) {
        FieldModel f = e.field;
        String type = f == null ? e.reason.toString() : Schemas.typeOf(f).toString();
        // the field's own type unmapped (not a part of it): the message already names the type
        boolean whole =
                e.reason.toString().equals(Phrase.NOT_A_MAPPED_TYPE.with(type).toString());
        Object why = whole ? Phrase.NO_BUILT_IN_CODEC.with() : e.reason;
        diagnostics.report(
                Message.UnsupportedFieldType,
                f == null ? fallback : f.origin(),
                f == null ? Phrase.A_FIELD.with() : f.describe(),
                owner,
                type,
                why,
                type.replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+", ""),
                repository);
    }

    // ---- table definitions -------------------------------------------------------------------------------

    private static CodeBlock keyAttribute(KeyAttr a) {
        Member type = switch (a.type()) {
            case S -> Member.KEY_ATTRIBUTE_S;
            case N -> Member.KEY_ATTRIBUTE_N;
            case B -> Member.KEY_ATTRIBUTE_B;
        };
        return CodeBlock.of("$T.$L($S)", Runtime.KEY_ATTRIBUTE, type, a.attribute());
    }

    private static CodeBlock keyAttributes(List<KeyAttr> attrs) {
        List<CodeBlock> parts =
                attrs.stream().map(RepositoryGenerator::keyAttribute).toList();
        return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(parts, ", "));
    }

    private static CodeBlock projection(IndexModel index) {
        return switch (index.projection()) {
            case ALL -> CodeBlock.of("$T.$L()", Runtime.PROJECTION, Member.PROJECTION_ALL);
            case KEYS_ONLY -> CodeBlock.of("$T.$L()", Runtime.PROJECTION, Member.PROJECTION_KEYS_ONLY);
            case INCLUDE ->
                CodeBlock.of(
                        "$T.$L($L)",
                        Runtime.PROJECTION,
                        Member.PROJECTION_INCLUDE,
                        CodeBlock.join(
                                index.include().stream()
                                        .map(i -> CodeBlock.of("$S", i.attribute()))
                                        .toList(),
                                ", "));
        };
    }

    /** {@code TableDefinition.builder(name)...build()} from the layouts of the table's entities. */
    static CodeBlock tableDefinition(TableModel table, List<Layout> layouts) {
        Layout first = layouts.get(0);
        CodeBlock.Builder b = CodeBlock.builder()
                .add("$T.$L($S)", Runtime.TABLE_DEFINITION, Member.TABLE_BUILDER, table.name())
                .indent();
        b.add("\n.$L($L)", Member.TABLE_PARTITION_KEY, keyAttribute(first.basePartition.get(0)));
        if (!first.baseSort.isEmpty()) {
            b.add("\n.$L($L)", Member.TABLE_SORT_KEY, keyAttribute(first.baseSort.get(0)));
        }
        for (IndexLayout l : Layout.tableIndexes(table, layouts)) {
            IndexModel index = l.index();
            if (index.kind() == IndexKind.GSI) {
                b.add(
                        "\n.$L(new $T($S, $L, $L, $L))",
                        Member.TABLE_GLOBAL_SECONDARY_INDEX,
                        Runtime.GLOBAL_SECONDARY_INDEX,
                        index.name(),
                        keyAttributes(l.partition()),
                        l.sort().isEmpty() ? CodeBlock.of("$T.of()", List.class) : keyAttributes(l.sort()),
                        projection(index));
            } else {
                b.add(
                        "\n.$L($S, $L, $L)",
                        Member.TABLE_LOCAL_SECONDARY_INDEX,
                        index.name(),
                        keyAttribute(l.sort().get(0)),
                        projection(index));
            }
        }
        TimeToLiveFields.attribute(table).ifPresent(a -> b.add("\n.$L($S)", Member.TABLE_TIME_TO_LIVE, a));
        return b.add("\n.$L()", Member.TABLE_BUILD).unindent().build();
    }

    // ---- shared tables -----------------------------------------------------------------------------------

    private void writeSharedTable(TableModel table, Filer filer) throws IOException {
        ClassName repo = tableRepositoryClass(table);
        ClassName tableType = ClassName.get((TypeElement) table.origin().element());
        // a sealed interface every entity implements: decoded items have that type, so callers' instanceof chains
        // are over a closed set; otherwise Object
        ClassName element = table.sealed() ? tableType : ClassName.OBJECT;
        List<Layout> layouts =
                table.entities().stream().map(e -> new Layout(table, e)).toList();
        if (layouts.isEmpty()) {
            return;
        }
        TypeSpec.Builder type = TypeSpec.classBuilder(repo)
                .addJavadoc(
                        "The shared table $L ($S): its definition and its item-collection queries, which return every\n"
                                + "entity type of one partition, each decoded to its class by the {@code $L} attribute.\n",
                        javadocLink(tableType),
                        table.name(),
                        table.discriminator())
                .addAnnotation(Files.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addOriginatingElement(table.origin().element());
        table.entities().forEach(e -> type.addOriginatingElement(e.origin().element()));
        type.addField(FieldSpec.builder(Runtime.TABLE_DEFINITION, "TABLE", CONSTANT)
                .addJavadoc("The table: key schema, attribute types, indexes, projections.\n")
                .initializer(tableDefinition(table, layouts))
                .build());
        // decoder by discriminator
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
                    repositoryClass(e),
                    Member.MAPPING_FROM_ITEM);
        }
        decode.addStatement("default -> null").endControlFlow("");
        ParameterizedTypeName itemMap = ParameterizedTypeName.get(
                ClassName.get(Map.class), ClassName.get(String.class), Runtime.ATTRIBUTE_VALUE);
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
        type.addMethod(MethodSpec.methodBuilder("decode")
                .addJavadoc("The entity an item holds, by its discriminator; null for an unknown type.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(element)
                .addParameter(itemMap, "item")
                .addCode(decode.build())
                .build());
        // one query per distinct partition template
        Map<String, List<EntityModel>> byTemplate = new LinkedHashMap<>();
        Map<String, Layout> layoutOf = new LinkedHashMap<>();
        for (Layout l : layouts) {
            KeyTemplate pk = ((TemplateSource) l.basePartition.get(0).source()).template();
            String shape = shape(pk);
            byTemplate.computeIfAbsent(shape, k -> new ArrayList<>()).add(l.entity);
            layoutOf.putIfAbsent(shape, l);
        }
        Set<String> methodNames = new LinkedHashSet<>();
        for (Map.Entry<String, List<EntityModel>> group : byTemplate.entrySet()) {
            Layout l = layoutOf.get(group.getKey());
            KeyAttr pk = l.basePartition.get(0);
            KeyTemplate template = ((TemplateSource) pk.source()).template();
            String literal =
                    template.leadingLiteral().replaceAll("[^A-Za-z0-9]+", " ").trim();
            String base = literal.isEmpty()
                    ? Layout.lowerCamel(String.join(
                            "",
                            group.getValue().stream()
                                    .map(EntityModel::simpleName)
                                    .toList()))
                    : Layout.lowerCamel(
                            literal.replace(' ', '_').toLowerCase(Locale.ROOT).replaceAll("_(.)", "$1"));
            String method = base + "Collection";
            for (int i = 2; !methodNames.add(method); i++) {
                method = base + "Collection" + i;
            }
            String builderName = Layout.upperCamel(method) + "Query";
            ClassName builder = repo.nestedClass(builderName);
            List<FieldModel> params = l.parameters(List.of(pk));
            MethodSpec.Builder m = MethodSpec.methodBuilder(method)
                    .addJavadoc(
                            "The item collection $S: every item of one partition, of types $L, in sort-key order.\n",
                            template.source(),
                            CodeBlock.join(
                                    group.getValue().stream()
                                            .map(e -> javadocLink(entityClass(e)))
                                            .toList(),
                                    ", "))
                    .addModifiers(Modifier.PUBLIC);
            partitionEntry(
                    type,
                    m,
                    repo.nestedClass(Layout.upperCamel(method) + "Partition"),
                    ParameterizedTypeName.get(Runtime.QUERY_SPEC, element),
                    CodeBlock.of(
                            "$T.$L(db.$L(), TABLE, null, DECODER, null, true, db.$L())",
                            Runtime.QUERY_SPEC,
                            Member.QUERY_SPEC_OF,
                            Member.REQUESTS,
                            Member.GATHER_OPTIONS),
                    params,
                    builder,
                    CodeBlock.of("$L", render(template, "", params)),
                    "the item collection {@code " + template.source() + "}");
            type.addMethod(m.build());
            ClassName qb = Runtime.CONSISTENT_QUERY_BUILDER;
            TypeSpec.Builder q = TypeSpec.classBuilder(builder)
                    .addJavadoc(
                            "Query on the item collection $S; the sort key {@code $L} may narrow it.\n",
                            template.source(),
                            table.sortAttribute().orElse(""))
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .superclass(ParameterizedTypeName.get(qb, element, builder))
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
            type.addType(q.build());
        }
        files.write(filer, repo, type.build());
    }

    /** {@code a, b, c}: the parameters as arguments, in order. */
    private static CodeBlock arguments(List<FieldModel> params) {
        return CodeBlock.join(
                params.stream().map(p -> CodeBlock.of("$L", p.name())).toList(), ", ");
    }

    /**
     * The entry point {@code method} of a query whose partition is identified by {@code params}. With one
     * parameter or none, the method takes them and returns {@code new builder(spec, arguments)}. With two or more
     * (a multi-attribute partition key, or a partition template with several placeholders) it takes none and
     * returns the first of a chain of stages added to {@code owner}: stage {@code k} is its own type whose only
     * method is named after part {@code k} and takes its value, so a swapped or an omitted part does not compile;
     * the method of the last part returns the builder. {@code arguments} is the builder's constructor arguments
     * after the spec, written over the parameter names (each stage keeps the parts given so far in fields of those
     * names, so the same code reads them).
     */
    private static void partitionEntry(
            TypeSpec.Builder owner,
            MethodSpec.Builder method,
            ClassName firstStage,
            TypeName specType,
            CodeBlock spec,
            List<FieldModel> params,
            ClassName builder,
            CodeBlock arguments,
            String what) {
        CodeBlock finish = arguments.isEmpty()
                ? CodeBlock.of("new $T(spec)", builder)
                : CodeBlock.of("new $T(spec, $L)", builder, arguments);
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
        String order = String.join(
                ", ", params.stream().map(p -> "{@code " + p.name() + "}").toList());
        method.addJavadoc("Give the partition-key parts in key order ($L); each step is its own type.\n", order)
                .returns(firstStage)
                .addStatement("return new $T($L)", firstStage, spec);
        ClassName stage = firstStage;
        for (int k = 0; k < params.size(); k++) {
            FieldModel part = params.get(k);
            boolean last = k + 1 == params.size();
            ClassName next =
                    last ? builder : firstStage.peerClass(firstStage.simpleName() + "With" + upperFirst(part.name()));
            TypeSpec.Builder t = TypeSpec.classBuilder(stage)
                    .addJavadoc(
                            "The partition key of $L, part by part in key order ($L)$L.\n",
                            what,
                            order,
                            k == 0 ? "" : "; next {@code " + part.name() + "}")
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addField(specType, "spec", Modifier.PRIVATE, Modifier.FINAL);
            MethodSpec.Builder c = MethodSpec.constructorBuilder()
                    .addParameter(specType, "spec")
                    .addStatement("this.spec = spec");
            List<FieldModel> given = params.subList(0, k);
            for (FieldModel g : given) {
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
                v.addStatement("return $L", finish);
            } else {
                List<CodeBlock> args = new ArrayList<>();
                args.add(CodeBlock.of("spec"));
                params.subList(0, k + 1).forEach(p -> args.add(CodeBlock.of("$L", p.name())));
                v.addStatement("return new $T($L)", next, CodeBlock.join(args, ", "));
            }
            owner.addType(t.addMethod(v.build()).build());
            stage = next;
        }
    }

    private static String upperFirst(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** A template with its placeholders blanked: templates of one shape fill the same partitions. */
    private static String shape(KeyTemplate t) {
        StringBuilder sb = new StringBuilder();
        for (KeyTemplate.Part p : t.parts()) {
            sb.append(p instanceof KeyTemplate.Literal l ? l.text() : "{}");
        }
        return sb.toString();
    }

    /**
     * Java code rendering {@code template} with placeholder values read through {@code receiver} (an entity
     * variable, e.g. {@code "e."}) or, with an empty receiver, from parameters named after the fields.
     */
    static CodeBlock render(KeyTemplate template, String receiver, List<FieldModel> fields) {
        List<CodeBlock> parts = new ArrayList<>();
        for (KeyTemplate.Part p : template.parts()) {
            if (p instanceof KeyTemplate.Literal l) {
                parts.add(CodeBlock.of("$S", l.text()));
            } else {
                KeyTemplate.Placeholder ph = (KeyTemplate.Placeholder) p;
                FieldModel f = fields.stream()
                        .filter(x -> x.name().equals(ph.field()))
                        .findFirst()
                        .orElseThrow();
                CodeBlock value = receiver.isEmpty() ? CodeBlock.of("$L", f.name()) : Schemas.read(receiver, f);
                parts.add(renderPart(f, ph.format(), value));
            }
        }
        if (template.isConstant()) {
            return parts.isEmpty() ? CodeBlock.of("\"\"") : parts.get(0);
        }
        return CodeBlock.of("$T.$L($L)", Runtime.KEY_FORMAT, Member.KEY_FORMAT_JOIN, CodeBlock.join(parts, ", "));
    }

    static CodeBlock renderPart(FieldModel f, KeyTemplate.Format format, CodeBlock value) {
        Member method = format == KeyTemplate.Format.SORTABLE ? Member.KEY_FORMAT_SORTABLE : Member.KEY_FORMAT_TEXT;
        TypeMirror t = Schemas.typeOf(f);
        if (t.getKind().isPrimitive() && format == KeyTemplate.Format.DEFAULT) {
            // box so that text(Number)/text(Boolean)/text(Character) apply
            return CodeBlock.of(
                    "$T.$L(($T) $L)",
                    Runtime.KEY_FORMAT,
                    method,
                    TypeName.get(t).box(),
                    value);
        }
        return CodeBlock.of("$T.$L($L)", Runtime.KEY_FORMAT, method, value);
    }

    /** Whether every rendering of the field has the same length (tighter template range bounds). */
    static boolean fixedWidth(FieldModel f, KeyTemplate.Format format) {
        if (format == KeyTemplate.Format.SORTABLE) {
            return true;
        }
        String q = f.type().qualifiedName();
        return q.equals("java.util.UUID")
                || q.equals("java.time.Instant")
                || q.equals("java.time.LocalDate")
                || q.equals("java.time.LocalDateTime")
                || q.equals("java.time.LocalTime")
                || q.equals("java.time.OffsetDateTime")
                || q.equals("java.time.ZonedDateTime")
                || q.equals("java.time.YearMonth")
                || q.equals("java.time.Year");
    }

    // ---- one entity --------------------------------------------------------------------------------------

    private final class EntityWriter {
        private final TableModel table;
        private final Layout layout;
        private final EntityModel entity;
        private final ClassName entityClass;
        private final ClassName repo;
        private final TypeSpec.Builder type;
        private final Map<String, String> constants = new LinkedHashMap<>();

        EntityWriter(TableModel table, Layout layout) {
            this.table = table;
            this.layout = layout;
            this.entity = layout.entity;
            this.entityClass = entityClass(entity);
            this.repo = repositoryClass(entity);
            this.type = TypeSpec.classBuilder(repo);
        }

        void write(Filer filer) throws IOException {
            Element origin = entity.origin().element();
            type.addJavadoc(
                            "The repository of $L in table {@code $L}: key-based reads and writes, partial updates and\n"
                                    + "one query builder per access pattern.\n",
                            javadocLink(entityClass),
                            table.name())
                    .addAnnotation(Files.generated())
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .superclass(ParameterizedTypeName.get(Runtime.ENTITY_REPOSITORY, entityClass))
                    .addOriginatingElement(origin);
            if (table.isShared()) {
                type.addOriginatingElement(table.origin().element());
            }
            fieldConstants();
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
            type.addField(FieldSpec.builder(Schemas.schemaType(entityClass), "SCHEMA", CONSTANT)
                    .addJavadoc("How $L maps to an item, without reflection.\n", javadocLink(entityClass))
                    .initializer("$L.INSTANCE", SCHEMA_CLASS)
                    .build());
            if (table.isShared()) {
                type.addField(FieldSpec.builder(Runtime.TABLE_DEFINITION, "TABLE", CONSTANT)
                        .addJavadoc("The shared table, as {@link $T#TABLE} declares it.\n", tableRepositoryClass(table))
                        .initializer("$T.TABLE", tableRepositoryClass(table))
                        .build());
            } else {
                type.addField(FieldSpec.builder(Runtime.TABLE_DEFINITION, "TABLE", CONSTANT)
                        .addJavadoc("The table: key schema, attribute types, indexes, projections.\n")
                        .initializer(tableDefinition(table, List.of(layout)))
                        .build());
            }
            type.addField(FieldSpec.builder(
                            ParameterizedTypeName.get(Runtime.ENTITY_MAPPING, entityClass), "MAPPING", CONSTANT)
                    .addJavadoc(
                            "How $L lives in its table: computed keys, index-key fields, version.\n",
                            javadocLink(entityClass))
                    .initializer(mapping(schema))
                    .build());
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
            keyMethods();
            baseQuery();
            for (IndexLayout index : layout.indexes) {
                indexQuery(index, filer);
            }
            type.addType(schema.build());
            files.write(filer, repo, type.build());
        }

        // -- constants and mapping

        private void fieldConstants() {
            Set<String> reserved = new LinkedHashSet<>(List.of("SCHEMA", "TABLE", "MAPPING"));
            for (FieldModel f : entity.storedFields()) {
                String name = constantName(f.name());
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

        /**
         * {@code EntityMapping.builder(TABLE, SCHEMA)...build()}; index-key fields and computed attributes are
         * numbered members, read by the {@code EntityMapping.Members} methods this adds to {@code schema} (one
         * {@code switch} each, instead of one lambda per member).
         */
        private CodeBlock mapping(TypeSpec.Builder schema) {
            CodeBlock.Builder b = CodeBlock.builder();
            Map<String, Integer> fieldMembers = new LinkedHashMap<>();
            List<CodeBlock> fieldCases = new ArrayList<>();
            List<CodeBlock> computedCases = new ArrayList<>();
            for (KeyAttr a : Layout.concat(layout.basePartition, layout.baseSort)) {
                computed(b, a, computedCases);
            }
            for (IndexLayout index : layout.indexes) {
                for (KeyAttr a : Layout.concat(index.partition(), index.sort())) {
                    computed(b, a, computedCases);
                    for (String fieldName : Layout.fieldsOf(a)) {
                        FieldModel f = entity.storedField(fieldName).orElseThrow();
                        if (!Schemas.typeOf(f).getKind().isPrimitive()) {
                            Integer member = fieldMembers.get(f.name());
                            if (member == null) {
                                member = fieldMembers.size();
                                fieldMembers.put(f.name(), member);
                                fieldCases.add(CodeBlock.of("case $L -> $L;\n", member, Schemas.read("e", f)));
                            }
                            b.add(
                                    "\n.$L($S, $S, $S, $L, $L)",
                                    Member.MAPPING_INDEX_KEY,
                                    index.index().name(),
                                    f.name(),
                                    a.attribute(),
                                    member,
                                    f.sparse().isPresent());
                        }
                    }
                }
            }
            if (!fieldCases.isEmpty() || !computedCases.isEmpty()) {
                schema.addSuperinterface(ParameterizedTypeName.get(Runtime.ENTITY_MAPPING_MEMBERS, entityClass));
                schema.addMethod(membersMethod(Member.MEMBERS_INDEX_KEY_FIELD, ClassName.OBJECT, "field", fieldCases));
                schema.addMethod(
                        membersMethod(Member.MEMBERS_COMPUTED, Runtime.ATTRIBUTE_VALUE, "attribute", computedCases));
            }
            entity.type()
                    .ifPresent(t -> b.add("\n.$L($S, $S)", Member.MAPPING_DISCRIMINATOR, table.discriminator(), t));
            entity.storedFields().stream()
                    .filter(f -> f.version().isPresent())
                    .findFirst()
                    .ifPresent(f -> b.add("\n.$L($S)", Member.MAPPING_VERSION, f.attributeName()));
            AutoValueMapping.add(b, entity);
            CodeBlock.Builder mapping = CodeBlock.builder()
                    .add("$T.$L(TABLE, SCHEMA)", Runtime.ENTITY_MAPPING, Member.MAPPING_BUILDER)
                    .indent();
            if (!fieldCases.isEmpty() || !computedCases.isEmpty()) {
                mapping.add("\n.$L($L.INSTANCE)", Member.MAPPING_MEMBERS, SCHEMA_CLASS);
            }
            return mapping.add(b.build())
                    .add("\n.$L()", Member.MAPPING_BUILD)
                    .unindent()
                    .build();
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

        /** Adds {@code .computed(attribute, member, sources...)} to {@code b} and the member's case. */
        private void computed(CodeBlock.Builder b, KeyAttr a, List<CodeBlock> cases) {
            CodeBlock value;
            List<CodeBlock> sources;
            if (a.source() instanceof TemplateSource t) {
                List<FieldModel> fields = layout.parameters(List.of(a));
                sources = fields.stream()
                        .map(f -> CodeBlock.of("$S", f.attributeName()))
                        .toList();
                value = CodeBlock.of(
                        "$T.$L($L)",
                        Runtime.ENTITY_MAPPING_MEMBERS,
                        Member.MEMBERS_STRING,
                        render(t.template(), "e", fields));
            } else if (a.source() instanceof ScatteredTemplateSource t) {
                List<FieldModel> fields = layout.parameters(List.of(a));
                List<CodeBlock> all = new ArrayList<>(fields.stream()
                        .map(f -> CodeBlock.of("$S", f.attributeName()))
                        .toList());
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
                        render(t.template(), "e", fields),
                        shardOf(t.scatter()));
            } else if (a.source() instanceof ShardSource s) {
                sources = byAttribute(s.scatter())
                        .map(by -> List.of(CodeBlock.of("$S", by)))
                        .orElse(List.of());
                value = CodeBlock.of(
                        "$T.$L($L)", Runtime.ATTRIBUTE_VALUE, Member.ATTRIBUTE_VALUE_N, shardOf(s.scatter()));
            } else {
                return;
            }
            int member = cases.size();
            cases.add(CodeBlock.of("case $L -> $L;\n", member, value));
            b.add(
                    "\n.$L($S, $L$L)",
                    Member.MAPPING_COMPUTED,
                    a.attribute(),
                    member,
                    sources.isEmpty() ? CodeBlock.of("") : CodeBlock.of(", $L", CodeBlock.join(sources, ", ")));
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
                    renderPart(by, KeyTemplate.Format.DEFAULT, Schemas.read("e", by)),
                    s.shards());
        }

        // -- keys

        private CodeBlock attributeValue(KeyAttr a, List<FieldModel> params) {
            if (a.source() instanceof FieldSource f) {
                return CodeBlock.of(
                        "$L.$L($L)",
                        constants.get(f.field().name()),
                        Member.FIELD_ENCODE,
                        f.field().name());
            }
            if (a.source() instanceof TemplateSource t) {
                return CodeBlock.of(
                        "$T.$L($L)",
                        Runtime.ATTRIBUTE_VALUE,
                        Member.ATTRIBUTE_VALUE_S,
                        render(t.template(), "", params));
            }
            throw new IllegalStateException("a table key is never a shard");
        }

        private void keyMethods() {
            List<FieldModel> params = layout.keyParameters();
            List<ParameterSpec> specs = params.stream()
                    .map(p -> ParameterSpec.builder(TypeName.get(Schemas.typeOf(p)), p.name())
                            .build())
                    .toList();
            String args =
                    String.join(", ", params.stream().map(FieldModel::name).toList());
            ParameterizedTypeName keyType = ParameterizedTypeName.get(Runtime.KEY, entityClass);
            CodeBlock pk = attributeValue(layout.basePartition.get(0), params);
            CodeBlock call = layout.baseSort.isEmpty()
                    ? CodeBlock.of("$L($L)", Member.REPOSITORY_KEY_OF, pk)
                    : CodeBlock.of(
                            "$L($L, $L)", Member.REPOSITORY_KEY_OF, pk, attributeValue(layout.baseSort.get(0), params));
            // get builds no Key: the same key values straight into the request
            CodeBlock getCall = layout.baseSort.isEmpty()
                    ? CodeBlock.of("$L($L)", Member.REPOSITORY_GET_BY_KEY, pk)
                    : CodeBlock.of(
                            "$L($L, $L)",
                            Member.REPOSITORY_GET_BY_KEY,
                            pk,
                            attributeValue(layout.baseSort.get(0), params));
            type.addMethod(MethodSpec.methodBuilder("key")
                    .addJavadoc(
                            "The key of the $L item with these key parts (for transactions, batches, updates).\n",
                            javadocLink(entityClass))
                    .addModifiers(Modifier.PUBLIC)
                    .returns(keyType)
                    .addParameters(specs)
                    .addStatement("return $L", call)
                    .build());
            type.addMethod(MethodSpec.methodBuilder("get")
                    .addJavadoc("The $L with these key parts, if stored.\n", javadocLink(entityClass))
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), entityClass))
                    .addParameters(specs)
                    .addStatement("return $L", getCall)
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

        // -- queries

        private void baseQuery() {
            List<KeyAttr> pk = layout.basePartition;
            List<FieldModel> params = layout.parameters(pk);
            ClassName builder = repo.nestedClass("Query");
            MethodSpec.Builder m = MethodSpec.methodBuilder("query")
                    .addJavadoc(
                            "Queries the items of $L in one partition; narrow by the sort key, then call a terminal.\n",
                            javadocLink(entityClass))
                    .addModifiers(Modifier.PUBLIC);
            partitionEntry(
                    type,
                    m,
                    repo.nestedClass("QueryPartition"),
                    ParameterizedTypeName.get(Runtime.QUERY_SPEC, entityClass),
                    CodeBlock.of("$L()", Member.REPOSITORY_TABLE_QUERY),
                    params,
                    builder,
                    arguments(params),
                    "the table");
            type.addMethod(m.build());
            queryBuilders(builder, entityClass, pk, layout.baseSort, params, true, "the table");
        }

        private void indexQuery(IndexLayout index, Filer filer) throws IOException {
            TypeName result = entityClass;
            CodeBlock spec = CodeBlock.of(
                    "$L($S)", Member.REPOSITORY_INDEX_QUERY, index.index().name());
            if (index.result() == Result.VIEW) {
                ClassName view = viewClass(entity, index.index());
                writeView(view, index, filer);
                result = view;
                spec = CodeBlock.of(
                        "$L($S, $T.SCHEMA)",
                        Member.REPOSITORY_INDEX_QUERY,
                        index.index().name(),
                        view);
            }
            List<KeyAttr> pk = index.isGsi() ? index.partition() : layout.basePartition;
            List<KeyAttr> pkParams = pk.stream()
                    .filter(a -> !(a.source() instanceof ShardSource))
                    .toList();
            List<FieldModel> params = layout.parameters(pkParams);
            ClassName builder = repo.nestedClass(Layout.upperCamel(index.method()) + "Query");
            MethodSpec.Builder m = MethodSpec.methodBuilder(index.method())
                    .addJavadoc(
                            "Queries index {@code $L} ($L, projection $L)$L; narrow by its sort key, then call a terminal.\n",
                            index.index().name(),
                            index.index().kind(),
                            index.index().projection(),
                            index.scatter()
                                    .map(s -> ", gathering its " + s.shards() + " shards")
                                    .orElse(""))
                    .addModifiers(Modifier.PUBLIC);
            partitionEntry(
                    type,
                    m,
                    repo.nestedClass(Layout.upperCamel(index.method()) + "Partition"),
                    ParameterizedTypeName.get(Runtime.QUERY_SPEC, result),
                    spec,
                    params,
                    builder,
                    arguments(params),
                    "index {@code " + index.index().name() + "}");
            type.addMethod(m.build());
            queryBuilders(
                    builder,
                    result,
                    pk,
                    index.sort(),
                    params,
                    !index.isGsi(),
                    "index {@code " + index.index().name() + "}");
        }

        /**
         * The builder {@code builder} (partition fixed) and, for composite sort keys, one stage per supplied
         * part. Base and LSI builders extend ConsistentQueryBuilder; GSI builders do not, so consistentRead()
         * is not there.
         */
        private void queryBuilders(
                ClassName builder,
                TypeName result,
                List<KeyAttr> partition,
                List<KeyAttr> sort,
                List<FieldModel> params,
                boolean consistent,
                String what) {
            ClassName base = consistent ? Runtime.CONSISTENT_QUERY_BUILDER : Runtime.QUERY_BUILDER;
            ParameterizedTypeName specType = ParameterizedTypeName.get(Runtime.QUERY_SPEC, result);
            // the sort-key "steps": one per native part, or per placeholder of a template
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
                            steps.add(new Step(
                                    entity.storedField(ph.field()).orElseThrow(), a, ph, following, t.template()));
                        }
                    }
                }
            }
            Optional<KeyTemplate> sortTemplate = sort.size() == 1 && sort.get(0).source() instanceof TemplateSource t
                    ? Optional.of(t.template())
                    : Optional.empty();
            boolean isTemplate = sortTemplate.isPresent();
            // stage 0
            ClassName previous = null;
            for (int s = 0; s <= steps.size(); s++) {
                ClassName stage = s == 0
                        ? builder
                        : builder.peerClass(builder.simpleName() + "With"
                                + Character.toUpperCase(
                                        steps.get(s - 1).field.name().charAt(0))
                                + steps.get(s - 1).field.name().substring(1));
                if (s > 0 && isTemplate && s == steps.size()) {
                    break; // the last template part is only given as a condition
                }
                TypeSpec.Builder q = TypeSpec.classBuilder(stage)
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .superclass(ParameterizedTypeName.get(base, result, stage));
                if (s == 0) {
                    q.addJavadoc(
                            "A query on $L with its partition key fixed$L.\n",
                            what,
                            steps.isEmpty()
                                    ? ""
                                    : "; narrow it by {@code "
                                            + steps.get(0).field.name() + "}");
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
                                    render(st.template(), "", params),
                                    st.scatter().shards());
                        } else {
                            c.addStatement(
                                    "$L($S, $L)", Member.QUERY_PARTITION_KEY, a.attribute(), attributeValue(a, params));
                        }
                    }
                    q.addMethod(c.build());
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
                    MethodSpec.Builder c = MethodSpec.constructorBuilder()
                            .addParameter(previous, "previous")
                            .addParameter(TypeName.get(Schemas.typeOf(last.field)), last.field.name());
                    c.addStatement("super(previous)");
                    if (isTemplate) {
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
                    q.addMethod(c.build());
                }
                if (isTemplate && s < steps.size()) { // the prefix is read only by the next step's methods
                    KeyTemplate tpl = sortTemplate.get();
                    if (s == 0) {
                        q.addField(FieldSpec.builder(String.class, "prefix", Modifier.PRIVATE, Modifier.FINAL)
                                .initializer("$S", tpl.leadingLiteral())
                                .build());
                    } else {
                        q.addField(FieldSpec.builder(String.class, "prefix", Modifier.PRIVATE, Modifier.FINAL)
                                .build());
                    }
                }
                if (s < steps.size()) {
                    Step next = steps.get(s);
                    conditionMethod(q, stage, next);
                    boolean valueMethod = !isTemplate || s + 1 < steps.size();
                    if (valueMethod) {
                        ClassName nextStage = builder.peerClass(builder.simpleName() + "With"
                                + Character.toUpperCase(next.field.name().charAt(0))
                                + next.field.name().substring(1));
                        MethodSpec.Builder v = MethodSpec.methodBuilder(next.field.name())
                                .addJavadoc(
                                        "Narrows to items whose {@code $L} equals {@code $L}.\n",
                                        next.field.name(),
                                        next.field.name())
                                .addModifiers(Modifier.PUBLIC)
                                .returns(nextStage)
                                .addParameter(TypeName.get(Schemas.typeOf(next.field)), next.field.name());
                        if (isTemplate) {
                            v.addStatement(
                                    "return new $T(this, $L, prefix + $L + $S)",
                                    nextStage,
                                    next.field.name(),
                                    renderPart(
                                            next.field,
                                            next.placeholder.format(),
                                            CodeBlock.of("$L", next.field.name())),
                                    next.following);
                        } else {
                            v.addStatement("return new $T(this, $L)", nextStage, next.field.name());
                        }
                        q.addMethod(v.build());
                    }
                }
                type.addType(q.build());
                previous = stage;
            }
        }

        private void conditionMethod(TypeSpec.Builder q, ClassName stage, Step step) {
            FieldModel f = step.field;
            ClassName repoPkg = Runtime.SORT_KEY_CONDITION;
            MethodSpec.Builder m = MethodSpec.methodBuilder(f.name()).addModifiers(Modifier.PUBLIC);
            if (step.template == null) {
                m.addJavadoc("A condition on {@code $L} ({@code $L}).\n", f.name(), step.attr.attribute());
                JavaType.Category cat = f.type().category();
                if (cat == JavaType.Category.STRING && f.type().qualifiedName().equals("java.lang.String")) {
                    m.returns(ParameterizedTypeName.get(Runtime.STRING_SORT_KEY_CONDITION, stage))
                            .addStatement("return $L($S)", Member.QUERY_STRING_SORT_KEY, step.attr.attribute());
                } else if (cat == JavaType.Category.BINARY
                        && f.type().qualifiedName().equals("byte[]")) {
                    m.returns(ParameterizedTypeName.get(Runtime.BINARY_SORT_KEY_CONDITION, stage))
                            .addStatement("return $L($S)", Member.QUERY_BINARY_SORT_KEY, step.attr.attribute());
                } else {
                    m.returns(ParameterizedTypeName.get(repoPkg, Schemas.boxed(f), stage))
                            .addStatement(
                                    "return $L($S, $L.$L())",
                                    Member.QUERY_SORT_KEY,
                                    step.attr.attribute(),
                                    constants.get(f.name()),
                                    Member.FIELD_CODEC);
                }
            } else {
                m.addJavadoc(
                        "A condition on the {@code $L} part of the sort key template {@code $L}.\n",
                        f.name(),
                        step.template.source());
                if (f.type().qualifiedName().equals("java.lang.String")
                        && step.placeholder.format() == KeyTemplate.Format.DEFAULT) {
                    m.returns(ParameterizedTypeName.get(Runtime.STRING_SORT_KEY_CONDITION, stage))
                            .addStatement(
                                    "return $L($S, prefix, $S)",
                                    Member.QUERY_TEMPLATE_STRING_SORT_KEY,
                                    step.attr.attribute(),
                                    step.following);
                } else {
                    TypeName boxed = Schemas.boxed(f);
                    m.returns(ParameterizedTypeName.get(repoPkg, boxed, stage))
                            .addStatement(
                                    "return $L($S, prefix, $S, ($T v) -> $L, $L)",
                                    Member.QUERY_TEMPLATE_SORT_KEY,
                                    step.attr.attribute(),
                                    step.following,
                                    boxed,
                                    renderPart(f, step.placeholder.format(), CodeBlock.of("v")),
                                    fixedWidth(f, step.placeholder.format()));
                }
            }
            q.addMethod(m.build());
        }

        // -- views

        private void writeView(ClassName view, IndexLayout index, Filer filer) throws IOException {
            MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
            for (FieldModel f : index.viewFields()) {
                ctor.addParameter(TypeName.get(Schemas.typeOf(f)), f.name());
            }
            List<FieldModel> viewModel = index.viewFields().stream()
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
                            List.of()))
                    .toList();
            String projected = index.index().projection() == ProjectionKind.KEYS_ONLY
                    ? "its keys"
                    : "its keys and "
                            + String.join(
                                    ", ",
                                    index.index().include().stream()
                                            .map(IndexModel.Included::attribute)
                                            .toList());
            TypeSpec spec = TypeSpec.recordBuilder(view)
                    .addJavadoc(
                            "What index {@code $L} projects of $L: $L. Attributes it does not project are not here,\n"
                                    + "so reading one is a compile error rather than a silent null.\n",
                            index.index().name(),
                            javadocLink(entityClass),
                            projected)
                    .addAnnotation(Files.generated())
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
                                    viewModel,
                                    Construction.Strategy.RECORD)
                            .build())
                    .build();
            files.write(filer, view, spec);
        }
    }

    /** One step of a staged sort-key builder. */
    private record Step(
            FieldModel field,
            KeyAttr attr,
            KeyTemplate.Placeholder placeholder,
            String following,
            KeyTemplate template) {}
}
