package io.partita.storage;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.MissingFormatArgumentException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@link Message} the one catalogue of the core's messages in the packages that use it (the root
 * package, {@code engine}, {@code value}, {@code schema}, {@code expression}): a message written inline elsewhere would drift
 * from the catalogue's text unnoticed. {@code api} is not covered yet.
 */
class MessageCatalogueTest {
    /** Packages whose messages all come from the catalogue (source directories below the module's root package). */
    private static final List<String> CATALOGUED = List.of("", "engine", "value", "schema", "expression");

    private static final Path SOURCES = Path.of("src/main/java/io/partita/storage");
    /** An exception (or a super constructor) given a string literal as its message; programming errors excepted. */
    private static final Pattern INLINE_MESSAGE = Pattern.compile(
            "(new\\s+(?!IllegalStateException|IllegalArgumentException|UnsupportedOperationException)\\w*Exception|super)\\s*\\(\\s*\"");

    @Test
    void only_the_catalogue_constructs_validation_exceptions() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.partita.storage");
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.partita.storage",
                        "io.partita.storage.engine..",
                        "io.partita.storage.value..",
                        "io.partita.storage.schema..",
                        "io.partita.storage.expression..")
                .and()
                .doNotHaveFullyQualifiedName(Message.class.getName())
                .should()
                .callConstructor(ValidationException.class, String.class)
                .because("every ValidationException message is a Message constant: use Message.X.exception(args)")
                .check(classes);
    }

    @Test
    void no_error_message_is_written_inline() throws IOException {
        List<String> found = new ArrayList<>();
        for (String pkg : CATALOGUED) {
            Path dir = SOURCES.resolve(pkg);
            assertThat(dir).isDirectory();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    if (file.getFileName().toString().equals("Message.java")) {
                        continue;
                    }
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = INLINE_MESSAGE.matcher(lines.get(i));
                        if (m.find()) {
                            found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        assertThat(found)
                .as("error messages written inline instead of in io.partita.storage.Message")
                .isEmpty();
    }

    @Test
    void every_template_formats_with_as_many_arguments_as_it_has_placeholders() {
        for (Message m : Message.values()) {
            String template = m.template();
            int placeholders = template.split("%s", -1).length - 1;
            assertThat(template.replace("%s", ""))
                    .as(m + ": only %s placeholders")
                    .doesNotContain("%");
            Object[] args = new Object[placeholders];
            Arrays.fill(args, "x");
            assertThatCode(() -> m.format(args)).as(m.name()).doesNotThrowAnyException();
            assertThat(m.exception(args).getMessage()).isEqualTo(template.replace("%s", "x"));
        }
    }

    /** {@code format} fills {@code %s} itself (no {@code java.util.Formatter} on a cold start): same text as it. */
    @Test
    void format_writes_what_string_format_writes() {
        for (Message message : Message.values()) {
            String template = message.template();
            int placeholders = (template.length() - template.replace("%s", "").length()) / 2;
            Object[] args = new Object[placeholders];
            for (int i = 0; i < placeholders; i++) {
                args[i] = i % 2 == 0 ? "<" + i + ">" : null;
            }
            assertThat(message.format(args))
                    .as(message.name())
                    .isEqualTo(placeholders == 0 ? template : String.format(Locale.ROOT, template, args));
            if (placeholders > 1) { // with no arguments at all, format returns the template as it is
                assertThatThrownBy(() -> message.format(new Object[placeholders - 1]))
                        .as(message.name())
                        .isInstanceOf(MissingFormatArgumentException.class)
                        .hasMessage("Format specifier '%s'");
            }
        }
    }
}
