package io.partita.processor.generate;

import com.palantir.javapoet.CodeBlock;
import io.partita.processor.generate.Layout.IndexLayout;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.IndexKind;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.TableModel;
import io.partita.processor.model.TimeToLiveFields;
import java.util.List;

/**
 * The {@code TABLE} constant's initializer, {@code TableDefinition.builder(name)...build()}, of an entity
 * repository or a shared-table repository: key schema, attribute types, indexes, projections, time to live,
 * change stream.
 */
final class TableDefinitionCode {
    private TableDefinitionCode() {}

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
            b.add(index(l));
        }
        TimeToLiveFields.attribute(table).ifPresent(a -> b.add("\n.$L($S)", Member.TABLE_TIME_TO_LIVE, a));
        table.streamView().ifPresent(v -> b.add("\n.$L($T.$L)", Member.TABLE_STREAM, Runtime.STREAM_VIEW_TYPE, v));
        return b.add("\n.$L()", Member.TABLE_BUILD).unindent().build();
    }

    /** {@code .globalSecondaryIndex(new GlobalSecondaryIndex(...))} or {@code .localSecondaryIndex(...)}. */
    private static CodeBlock index(IndexLayout l) {
        IndexModel index = l.index();
        if (index.kind() == IndexKind.GSI) {
            return CodeBlock.of(
                    "\n.$L(new $T($S, $L, $L, $L))",
                    Member.TABLE_GLOBAL_SECONDARY_INDEX,
                    Runtime.GLOBAL_SECONDARY_INDEX,
                    index.name(),
                    keyAttributes(l.partition()),
                    l.sort().isEmpty() ? CodeBlock.of("$T.of()", List.class) : keyAttributes(l.sort()),
                    projection(index));
        }
        return CodeBlock.of(
                "\n.$L($S, $L, $L)",
                Member.TABLE_LOCAL_SECONDARY_INDEX,
                index.name(),
                keyAttribute(l.sort().get(0)),
                projection(index));
    }

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
                attrs.stream().map(TableDefinitionCode::keyAttribute).toList();
        return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(parts, ", "));
    }

    /** {@code Projection.all()}, {@code Projection.keysOnly()} or {@code Projection.include("a", ...)}. */
    private static CodeBlock projection(IndexModel index) {
        return switch (index.projection().type()) {
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
}
