package io.partita.spring.boot;

import java.util.Locale;

/** Every message the starter produces: an id and a {@link String#format} template. */
enum Messages {
    MALFORMED_INDEX_LINE("%s line %d is not a repository index line (kind, class, model, table, tab-separated): %s"),
    INDEXED_CLASS_MISSING(
            "%s lists repository %s, which is not on the class path; rebuild the module that generated it"),
    DESIGN_MISMATCH_ON_STARTUP(
            "partita.tables.check-on-startup=fail: %d difference(s) between the deployed tables and the compiled"
                    + " design:%n%s"),
    DESIGN_MISMATCH_WARNING("partita.tables.check-on-startup=warn: table %s differs from the compiled design:%n%s"),
    NO_DYNAMODB_CLIENT(
            "partita.backend=dynamodb needs a DynamoDbClient or DynamoDbAsyncClient bean; the application has neither");

    private final String template;

    Messages(String template) {
        this.template = template;
    }

    String format(Object... args) {
        return String.format(Locale.ROOT, template, args);
    }
}
