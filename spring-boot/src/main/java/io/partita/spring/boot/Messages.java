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
    NO_CHANGE_SOURCE(
            "change handler bean %s handles changes of %s, but no repository bean of a @ChangeStream table feeds that"
                    + " type; declare @ChangeStream on %s's table, or make the handler's type argument the entity type"),
    TWO_CHANGE_SOURCES(
            "change handler bean %s handles changes of %s, which %d repository beans feed (%s); a handler reads one"
                    + " table: handle an entity type of one table"),
    HANDLER_STOPPED(
            "change handler bean %s stopped: its subscription failed (with a CheckpointStore it resumes after its last"
                    + " handled batch at the next start)"),
    UNRESOLVED_HANDLER_TYPE(
            "change handler bean %s implements ChangeHandler without a type argument Spring can resolve; implement"
                    + " ChangeHandler<YourEntity>"),
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
