package io.partita.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.IndexModel;
import io.partita.processor.model.TableModel;
import java.util.Locale;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/** The names of generated types and members, derived from the model; every generator takes them from here. */
final class GeneratedNames {
    /** The modifiers of a generated constant. */
    static final Modifier[] CONSTANT = {Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL};
    /** The private nested class of a repository or view that is its {@code SCHEMA}. */
    static final String SCHEMA_CLASS = "Schema";

    private GeneratedNames() {}

    static ClassName entityClass(EntityModel e) {
        return ClassName.get((TypeElement) e.origin().element());
    }

    /** {@code p.ERepository} for entity {@code p.E} (nested entities: the simple names joined). */
    static ClassName repositoryClass(EntityModel e) {
        ClassName entity = entityClass(e);
        return ClassName.get(entity.packageName(), String.join("", entity.simpleNames()) + "Repository");
    }

    /** The shared-table interface's type. */
    static ClassName tableType(TableModel t) {
        return ClassName.get((TypeElement) t.origin().element());
    }

    /** {@code p.TRepository} for shared-table interface {@code p.T}. */
    static ClassName tableRepositoryClass(TableModel t) {
        ClassName type = tableType(t);
        return ClassName.get(type.packageName(), String.join("", type.simpleNames()) + "Repository");
    }

    /** {@code p.E<Index>View}: what a KEYS_ONLY/INCLUDE GSI projects of entity {@code p.E}. */
    static ClassName viewClass(EntityModel e, IndexModel index) {
        ClassName entity = entityClass(e);
        return ClassName.get(
                entity.packageName(), String.join("", entity.simpleNames()) + Layout.upperCamel(index.name()) + "View");
    }

    /** {@code p.<Nested>Schema}: the item schema of a nested record or class. */
    static ClassName nestedSchemaClass(TypeElement type) {
        ClassName c = ClassName.get(type);
        return ClassName.get(c.packageName(), String.join("", c.simpleNames()) + "Schema");
    }

    /** {@code createdAt} -> {@code CREATED_AT}: the repository constant of a field. */
    static String constantName(String field) {
        return field.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    /** The stage type after part {@code part} of a staged builder: {@code <Builder>With<Part>}. */
    static ClassName stageAfter(ClassName builder, String part) {
        return builder.peerClass(builder.simpleName() + "With" + upperFirst(part));
    }

    static String upperFirst(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    static CodeBlock javadocLink(ClassName c) {
        return CodeBlock.of("{@link $T}", c);
    }
}
