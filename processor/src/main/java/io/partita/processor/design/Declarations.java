package io.partita.processor.design;

import io.partita.processor.extract.Mirrors;
import io.partita.processor.model.EntityModel;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.TableModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The migrations a table's types declare: {@code @Migration} on the table type and its entities, and
 * {@code @Attribute(formerly)} on fields. Read through mirrors when the design is compared, so the model and the
 * other generators are unaffected.
 */
final class Declarations {
    static final String MIGRATION = "io.partita.annotations.Migration";
    static final String ATTRIBUTE = "io.partita.annotations.Attribute";

    /** One {@code @Migration}: its change, target and the type carrying it. */
    record Declared(String change, String target, String declaredOn) {}

    private final Mirrors mirrors;

    Declarations(Elements elements) {
        this.mirrors = new Mirrors(elements);
    }

    /** Every {@code @Migration} on the table's types, the table type first. */
    List<Declared> of(TableModel table) {
        Set<Element> types = new LinkedHashSet<>();
        types.add(table.origin().element());
        table.entities().forEach(e -> types.add(e.origin().element()));
        List<Declared> out = new ArrayList<>();
        for (Element type : types) {
            if (type == null) {
                continue;
            }
            String on = type instanceof TypeElement t ? t.getQualifiedName().toString() : type.toString();
            for (AnnotationMirror m : Mirrors.findAll(type, MIGRATION)) {
                out.add(new Declared(mirrors.enumName(m, "change", ""), mirrors.string(m, "target"), on));
            }
        }
        return out;
    }

    /** The former attribute name {@code @Attribute(formerly)} declares for the field, if any. */
    Optional<String> formerly(FieldModel field) {
        Element element = field.origin().element();
        if (element == null) {
            return Optional.empty();
        }
        return Mirrors.find(element, ATTRIBUTE)
                .map(m -> mirrors.string(m, "formerly"))
                .filter(s -> !s.isEmpty());
    }

    /** The entity's stored field declaring {@code formerly} as its former attribute name. */
    Optional<FieldModel> renamedFrom(EntityModel entity, String formerly) {
        return entity.storedFields().stream()
                .filter(f -> formerly(f).filter(formerly::equals).isPresent())
                .findFirst();
    }
}
