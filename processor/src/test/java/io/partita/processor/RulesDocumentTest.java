package io.partita.processor;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.processor.diag.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/** docs/rules.md, the users' page of rule ids, documents exactly the ids of the {@link Rule} catalogue. */
class RulesDocumentTest {
    private static final Path RULES = Path.of("../docs/rules.md");
    private static final Pattern RULE = Pattern.compile("(?m)^### `([A-Za-z]+)`\\n\\*\\*(error|warning|note)\\.\\*\\*");

    @Test
    void everyMessageIdIsDocumentedAndEveryDocumentedIdExists() throws IOException {
        Set<String> documented = sections().keySet();
        Set<String> ids = Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.toCollection(TreeSet::new));
        assertThat(new TreeSet<>(ids)).as("Rule ids missing from docs/rules.md").allMatch(documented::contains);
        assertThat(new TreeSet<>(documented))
                .as("ids in docs/rules.md that the Rule catalogue does not have")
                .allMatch(ids::contains);
    }

    @Test
    void eachRuleIsDocumentedWithItsKindAndAnExampleOfItsOwnMessage() throws IOException {
        String text = Files.readString(RULES);
        Set<String> ids = Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.toSet());
        for (Map.Entry<String, String> rule : sections().entrySet()) {
            if (!ids.contains(rule.getKey())) {
                continue; // the test above names it
            }
            Rule m = Rule.valueOf(rule.getKey());
            String kind = switch (m.kind()) {
                case ERROR -> "error";
                case WARNING, MANDATORY_WARNING -> "warning";
                default -> "note";
            };
            assertThat(rule.getValue()).as("the kind documented for " + m.id()).isEqualTo(kind);
            assertThat(text).as("an example of " + m.id()).contains("Example: `[" + m.id() + "] ");
        }
        assertThat(Rule.InvalidOption.kind()).isEqualTo(Diagnostic.Kind.WARNING);
    }

    /** Rule id -> documented kind, in document order. */
    private static Map<String, String> sections() throws IOException {
        Map<String, String> sections = new LinkedHashMap<>();
        Matcher m = RULE.matcher(Files.readString(RULES));
        while (m.find()) {
            assertThat(sections.put(m.group(1), m.group(2)))
                    .as("documented twice: " + m.group(1))
                    .isNull();
        }
        return sections;
    }
}
