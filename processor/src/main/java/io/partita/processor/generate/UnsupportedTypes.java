package io.partita.processor.generate;

import io.partita.processor.diag.Diagnostics;
import io.partita.processor.diag.Phrase;
import io.partita.processor.diag.Rule;
import io.partita.processor.model.FieldModel;
import io.partita.processor.model.Origin;

/** Reports a field type the runtime cannot map ({@code UnsupportedFieldType}), found while generating codecs. */
final class UnsupportedTypes {
    private UnsupportedTypes() {}

    /**
     * Reports {@code e} on its field when known, else on {@code fallback}.
     *
     * @param owner the entity or nested type holding the field, for the message
     * @param generated the class that is therefore not written
     */
    static void report(
            Diagnostics diagnostics, CodecExpressions.Unsupported e, Object owner, String generated, Origin fallback) {
        FieldModel f = e.field;
        String type = f == null ? e.reason.toString() : Schemas.typeOf(f).toString();
        // the field's own type unmapped (not a part of it): the message already names the type
        boolean whole =
                e.reason.toString().equals(Phrase.NOT_A_MAPPED_TYPE.with(type).toString());
        Object why = whole ? Phrase.NO_BUILT_IN_CODEC.with() : e.reason;
        diagnostics.report(
                Rule.UnsupportedFieldType,
                f == null ? fallback : f.origin(),
                f == null ? Phrase.A_FIELD.with() : f.describe(),
                owner,
                type,
                why,
                type.replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+", ""),
                generated);
    }
}
