package io.partita.processor.generate;

import com.palantir.javapoet.CodeBlock;

/** The Javadoc of a generated {@code <TableType>Migrations} class (written by the design package's generator). */
public final class MigrationPlanJavadoc {
    private MigrationPlanJavadoc() {}

    /** The class comment for the plan of {@code table}, generated as {@code simpleName}. */
    public static CodeBlock of(String table, String simpleName) {
        return CodeBlock.of(
                "The migration plan of table {@code $L}: what its declared migrations change, for\n"
                        + "{@code Migrations.on(db).plan($L.PLAN)}. Generated from the declarations; remove them"
                        + " once\nthe plan has run and the design baseline is refreshed.\n",
                table,
                simpleName);
    }
}
