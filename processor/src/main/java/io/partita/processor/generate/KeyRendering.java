package io.partita.processor.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.partita.processor.generate.Layout.FieldSource;
import io.partita.processor.generate.Layout.KeyAttr;
import io.partita.processor.generate.Layout.TemplateSource;
import io.partita.processor.generate.Runtime.Member;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.KeyTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.type.TypeMirror;

/** Java code rendering key templates and their parts to text, through the runtime's {@code KeyFormat}. */
final class KeyRendering {
    /** Types whose every default rendering has the same length. */
    private static final Set<String> FIXED_WIDTH = Set.of(
            "java.util.UUID",
            "java.time.Instant",
            "java.time.LocalDate",
            "java.time.LocalDateTime",
            "java.time.LocalTime",
            "java.time.OffsetDateTime",
            "java.time.ZonedDateTime",
            "java.time.YearMonth",
            "java.time.Year");

    private KeyRendering() {}

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

    /** Java code rendering {@code value}, of field {@code f}'s type, as one template part. */
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
        return format == KeyTemplate.Format.SORTABLE
                || FIXED_WIDTH.contains(f.type().qualifiedName());
    }

    /** A template with its placeholders blanked: templates of one shape fill the same partitions. */
    static String shape(KeyTemplate t) {
        StringBuilder sb = new StringBuilder();
        for (KeyTemplate.Part p : t.parts()) {
            sb.append(p instanceof KeyTemplate.Literal l ? l.text() : "{}");
        }
        return sb.toString();
    }

    /**
     * The {@code AttributeValue} of table key attribute {@code a} from parameters named after the fields: a field's
     * through its repository constant ({@code constants}: field name to constant name), a template's rendered.
     */
    static CodeBlock keyValue(KeyAttr a, List<FieldModel> params, Map<String, String> constants) {
        if (a.source() instanceof FieldSource f) {
            return CodeBlock.of(
                    "$L.$L($L)",
                    constants.get(f.field().name()),
                    Member.FIELD_ENCODE,
                    f.field().name());
        }
        if (a.source() instanceof TemplateSource t) {
            return CodeBlock.of(
                    "$T.$L($L)", Runtime.ATTRIBUTE_VALUE, Member.ATTRIBUTE_VALUE_S, render(t.template(), "", params));
        }
        throw new IllegalStateException("a table key is never a shard");
    }
}
