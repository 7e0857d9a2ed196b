package io.partita.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingFormatArgumentException;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the runtime's messages in one place: no exception in {@code src/main/java} is built from an inline string
 * literal (every text comes from {@link RuntimeMessage}), every catalogue entry is used, and every template formats.
 */
class MessageCatalogueTest {
    private static final Path SOURCES = Path.of(System.getProperty("basedir", "."), "src", "main", "java");
    private static final Pattern EXCEPTION_OR_SUPER = Pattern.compile("new \\w+(?:Exception|Error)\\(|\\bsuper\\(");

    @Test
    void no_exception_message_is_an_inline_literal() throws IOException {
        List<String> inline = new ArrayList<>();
        sources().forEach((file, code) -> {
            if (file.endsWith("internal/RuntimeMessage.java")) {
                return;
            }
            String text = withoutComments(code);
            Matcher m = EXCEPTION_OR_SUPER.matcher(text);
            while (m.find()) {
                int end = closingParen(text, m.end());
                for (String argument : splitTopLevel(text.substring(m.end(), end), ',')) {
                    for (String term : splitTopLevel(argument, '+')) {
                        if (term.strip().startsWith("\"")) {
                            int line = (int) text.substring(0, m.start())
                                            .chars()
                                            .filter(c -> c == '\n')
                                            .count()
                                    + 1;
                            inline.add(file + ":" + line + ": " + term.strip());
                        }
                    }
                }
            }
        });
        assertThat(inline)
                .as("exception messages written inline instead of in io.partita.internal.RuntimeMessage")
                .isEmpty();
    }

    @Test
    void every_message_is_used() throws IOException {
        String all = String.join("\n", sources().values());
        List<String> unused = new ArrayList<>();
        for (RuntimeMessage message : RuntimeMessage.values()) {
            if (!all.contains("RuntimeMessage." + message.name() + ".")) {
                unused.add(message.name());
            }
        }
        assertThat(unused).as("catalogue entries no code uses").isEmpty();
    }

    @Test
    void every_template_takes_only_string_placeholders_and_formats() {
        for (RuntimeMessage message : RuntimeMessage.values()) {
            String template = message.template();
            assertThat(template.replace("%s", "").replace("%%", ""))
                    .as(message.name())
                    .doesNotContain("%");
            int placeholders = (template.length() - template.replace("%s", "").length()) / 2;
            Object[] args = new Object[placeholders];
            for (int i = 0; i < placeholders; i++) {
                args[i] = "<" + i + ">";
            }
            String text = message.format(args);
            for (int i = 0; i < placeholders; i++) {
                assertThat(text).as(message.name()).contains("<" + i + ">");
            }
        }
    }

    @Test
    void formatting_is_concatenation() {
        assertThat(RuntimeMessage.TransactionTooManyActions.format(100))
                .isEqualTo("A transaction holds at most 100 actions");
        assertThat(RuntimeMessage.NumberNotFinite.format(Double.NaN))
                .isEqualTo("DynamoDB numbers cannot be NaN or infinite, got " + Double.NaN);
        assertThat(RuntimeMessage.KeyOfOtherTable.format(null, "A", "B"))
                .isEqualTo("Key null belongs to table A, not B");
    }

    private static Map<String, String> sources() throws IOException {
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.put(SOURCES.relativize(file).toString().replace('\\', '/'), Files.readString(file));
            }
        }
        assertThat(sources)
                .as("runtime sources under " + SOURCES.toAbsolutePath())
                .isNotEmpty();
        return sources;
    }

    /** The code with comments blanked out (string and character literals kept). */
    private static String withoutComments(String code) {
        StringBuilder out = new StringBuilder(code.length());
        int i = 0;
        while (i < code.length()) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'') {
                int end = literalEnd(code, i);
                out.append(code, i, end);
                i = end;
            } else if (code.startsWith("//", i)) {
                int end = code.indexOf('\n', i);
                i = end < 0 ? code.length() : end;
            } else if (code.startsWith("/*", i)) {
                int end = code.indexOf("*/", i) + 2;
                out.append(code.substring(i, end).replaceAll("[^\n]", " "));
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index after a string or character literal starting at {@code start} (text blocks included). */
    private static int literalEnd(String code, int start) {
        if (code.startsWith("\"\"\"", start)) {
            return code.indexOf("\"\"\"", start + 3) + 3;
        }
        char quote = code.charAt(start);
        int i = start + 1;
        while (code.charAt(i) != quote) {
            i += code.charAt(i) == '\\' ? 2 : 1;
        }
        return i + 1;
    }

    /** The index of the parenthesis closing the one just before {@code from}. */
    private static int closingParen(String code, int from) {
        int depth = 1;
        int i = from;
        while (true) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'') {
                i = literalEnd(code, i);
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
            i++;
        }
    }

    private static List<String> splitTopLevel(String code, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        int i = 0;
        while (i < code.length()) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'') {
                i = literalEnd(code, i);
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == separator && depth == 0) {
                parts.add(code.substring(start, i));
                start = i + 1;
            }
            i++;
        }
        parts.add(code.substring(start));
        return parts;
    }

    /** {@code format} fills {@code %s} itself (no {@code java.util.Formatter} on a cold start): same text as it. */
    @Test
    void format_writes_what_string_format_writes() {
        for (RuntimeMessage message : RuntimeMessage.values()) {
            String template = message.template();
            int placeholders = (template.length() - template.replace("%s", "").length()) / 2;
            Object[] args = new Object[placeholders];
            for (int i = 0; i < placeholders; i++) {
                args[i] = i % 2 == 0 ? "<" + i + ">" : null;
            }
            assertThat(message.format(args))
                    .as(message.name())
                    .isEqualTo(placeholders == 0 ? template : String.format(Locale.ROOT, template, args));
            if (placeholders > 0) {
                assertThatThrownBy(() -> message.format(new Object[placeholders - 1]))
                        .as(message.name())
                        .isInstanceOf(MissingFormatArgumentException.class)
                        .hasMessage("Format specifier '%s'");
            }
        }
    }
}
