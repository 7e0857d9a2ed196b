package io.partita.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.processor.DesignLimits;
import io.partita.processor.diag.Rule;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Backend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the project's documents true where the tree can check them: relative links and their anchors resolve, classes
 * cited with their package exist, annotation elements a document names exist, the operation counts match the
 * operation surface, every processor rule and option is documented, and docs/architecture.md's module graph is the
 * poms' graph ({@link ModuleGraph}). A failure names the document and what it says.
 */
class DocumentsTest {
    private static final Path ROOT = Markdown.root();
    private static final List<Markdown> DOCUMENTS = Markdown.all(ROOT);
    private static final Pattern QUALIFIED_CLASS =
            Pattern.compile("^io\\.partita\\.((?:[a-z][a-z0-9]*\\.)*)([A-Z]\\w*)");
    private static final Pattern ANNOTATION_USE = Pattern.compile("@([A-Z]\\w*)\\(([^()]*)\\)");
    private static final Pattern ARGUMENT = Pattern.compile("[^,]+");
    private static final Pattern ELEMENT_NAME = Pattern.compile("^\\s*([a-z]\\w*)\\s*(?:=.*)?$", Pattern.DOTALL);
    /** Annotation uses a document shows wrong on purpose (what a misspelt element does), by document. */
    private static final Set<String> MISSPELT_ON_PURPOSE = Set.of("processor/README.md: @GsiKey(name = ...)");

    private static final Pattern OPTION = Pattern.compile("-A(partita\\.[A-Za-z.]+)");
    private static final Pattern RULE_HEADING = Pattern.compile("(?m)^### `([A-Za-z]+)`\\s*$");
    private static final List<String> NUMBERS = List.of(
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty");

    @Test
    void relativeLinksAndTheirAnchorsResolve() {
        List<String> broken = new ArrayList<>();
        for (Markdown doc : DOCUMENTS) {
            for (String target : doc.linkTargets()) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty()
                        ? doc.path
                        : doc.path.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(where(doc) + ": (" + target + ") names no file or directory");
                } else if (hash >= 0 && resolved.toString().endsWith(".md")) {
                    String anchor = target.substring(hash + 1);
                    if (!Markdown.read(resolved).anchors().contains(anchor)) {
                        broken.add(where(doc) + ": (" + target + ") names no heading of " + ROOT.relativize(resolved));
                    }
                }
            }
        }
        assertThat(broken).as("links between the documents").isEmpty();
    }

    @Test
    void classesCitedWithTheirPackageExist() {
        List<Path> sourceRoots = sourceRoots();
        List<String> missing = new ArrayList<>();
        for (Markdown doc : DOCUMENTS) {
            for (String span : doc.codeSpans()) {
                Matcher m = QUALIFIED_CLASS.matcher(span);
                if (m.find()) {
                    String dir = ("io.partita." + m.group(1)).replace('.', '/');
                    String file = dir + m.group(2) + ".java";
                    // a repository the processor generates from an entity in the same package
                    String entity = m.group(2).endsWith("Repository")
                            ? dir + m.group(2).substring(0, m.group(2).length() - "Repository".length()) + ".java"
                            : file;
                    if (sourceRoots.stream()
                            .noneMatch(r -> Files.exists(r.resolve(file)) || Files.exists(r.resolve(entity)))) {
                        missing.add(where(doc) + ": `" + span + "` (no " + file + " in any module)");
                    }
                }
            }
        }
        assertThat(missing).as("classes the documents cite").isEmpty();
    }

    @Test
    void annotationElementsTheDocumentsNameExist() {
        List<String> unknown = new ArrayList<>();
        for (Markdown doc : DOCUMENTS) {
            Matcher m = ANNOTATION_USE.matcher(doc.text);
            while (m.find()) {
                Optional<Set<String>> ours = elementsOf(m.group(1));
                if (ours.isEmpty()) {
                    continue; // not one of Partita's annotations
                }
                Set<String> elements = ours.get();
                Matcher argument = ARGUMENT.matcher(m.group(2));
                while (argument.find()) {
                    Matcher name = ELEMENT_NAME.matcher(argument.group());
                    if (name.matches()
                            && !elements.contains(name.group(1))
                            && !MISSPELT_ON_PURPOSE.contains(where(doc) + ": " + m.group())) {
                        unknown.add(where(doc) + ": @" + m.group(1) + "(" + m.group(2) + ") names element '"
                                + name.group(1) + "'; the annotation's elements are " + elements);
                    }
                }
            }
        }
        assertThat(unknown).as("annotation elements in the documents").isEmpty();
    }

    @Test
    void operationCountsMatchTheOperationSurface() {
        int operations = abstractMethodsBut(Backend.class, "close");
        int dataPlane = abstractMethodsBut(AsyncBackend.class, "close");
        Map<String, Integer> stated = new LinkedHashMap<>();
        for (String doc : List.of("runtime/README.md", "docs/architecture.md")) {
            String text = Markdown.read(ROOT.resolve(doc)).text.replaceAll("\\s+", " ");
            collect(stated, doc, text, "(\\w+) table and data-plane operations");
            collect(stated, doc, text, "declares the (\\w+) data-plane operations");
        }
        assertThat(stated).as("the documents state the counts").isNotEmpty();
        stated.forEach((claim, n) -> assertThat(n)
                .as(claim + " (Backend declares %d operations, AsyncBackend %d)", operations, dataPlane)
                .isEqualTo(claim.contains("table and") ? operations : dataPlane));
    }

    @Test
    void everyProcessorRuleAndOptionIsDocumented() {
        String rules = Markdown.read(ROOT.resolve("docs/rules.md")).text;
        Set<String> documented = new TreeSet<>();
        RULE_HEADING.matcher(rules).results().forEach(r -> documented.add(r.group(1)));
        Set<String> ids = Arrays.stream(Rule.values()).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
        assertThat(documented)
                .as("rule ids with a section (### `Id`) in docs/rules.md")
                .isEqualTo(ids);

        for (String option : DesignLimits.OPTIONS) {
            assertThat(rules)
                    .as("docs/rules.md documents processor option " + option)
                    .contains("-A" + option);
        }
        List<String> unknown = new ArrayList<>();
        for (Markdown doc : DOCUMENTS) {
            Matcher m = OPTION.matcher(doc.text);
            while (m.find()) {
                if (!DesignLimits.OPTIONS.contains(m.group(1))) {
                    unknown.add(where(doc) + ": -A" + m.group(1) + " (the processor supports " + DesignLimits.OPTIONS
                            + ")");
                }
            }
        }
        assertThat(unknown).as("processor options in the documents").isEmpty();
    }

    @Test
    void theArchitecturePagesModuleGraphIsThePoms() {
        ModuleGraph poms = ModuleGraph.fromPoms(ROOT);
        ModuleGraph page = ModuleGraph.fromMermaid(
                Markdown.read(ROOT.resolve("docs/architecture.md")).fencedBlocks("mermaid"));
        assertThat(page.modules()).as("every module of the reactor is drawn").containsAll(poms.modules());
        assertThat(page.edges()).as("every dependency of a pom is drawn").containsAll(poms.edges());
        assertThat(page.edgesAmong(poms.modules()))
                .as("every arrow between modules that exist is a pom dependency")
                .isSubsetOf(poms.edges());
        assertThat(page.cycle()).as("arrows point down: no cycle").isEmpty();
    }

    /**
     * README's main job is {@code ./mvnw -pl samples -am ... exec:java}: Maven runs {@code exec:java} in every module
     * of that reactor, so a module upstream of a sample that runs a main (the server's, once) would start it there and
     * never reach the samples. Only sample modules may switch {@code exec:java} on.
     */
    @Test
    void onlySampleModulesRunExecJava() {
        Pattern enabled = Pattern.compile(
                "<exec\\.skip>\\s*false\\s*</exec\\.skip>|exec-maven-plugin</artifactId>(?:(?!</plugin>).)*<skip>\\s*false",
                Pattern.DOTALL);
        List<String> running = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(f -> f.getFileName().toString().equals("pom.xml"))
                    .filter(f -> Markdown.outsideBuildOutput(ROOT.relativize(f)))
                    .filter(f -> enabled.matcher(Markdown.read(f).text).find())
                    .forEach(f -> running.add(ROOT.relativize(f).toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(running).as("poms that switch exec:java on").isNotEmpty().allMatch(p -> p.startsWith("samples/"));
    }

    private static String where(Markdown doc) {
        return ROOT.relativize(doc.path).toString();
    }

    private static List<Path> sourceRoots() {
        try (Stream<Path> dirs = Files.walk(ROOT)) {
            return dirs.filter(Files::isDirectory)
                    .filter(d -> Markdown.outsideBuildOutput(ROOT.relativize(d)))
                    .filter(d ->
                            d.endsWith(Path.of("src", "main", "java")) || d.endsWith(Path.of("src", "test", "java")))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The element names of annotation {@code io.partita.annotations.<simpleName>}; empty when there is none. */
    private static Optional<Set<String>> elementsOf(String simpleName) {
        try {
            Class<?> type = Class.forName("io.partita.annotations." + simpleName);
            if (!type.isAnnotation()) {
                return Optional.empty();
            }
            return Optional.of(Arrays.stream(type.getDeclaredMethods())
                    .map(Method::getName)
                    .collect(Collectors.toCollection(TreeSet::new)));
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }

    private static int abstractMethodsBut(Class<?> type, String excluded) {
        return (int) Arrays.stream(type.getMethods())
                .filter(m -> Modifier.isAbstract(m.getModifiers()))
                .filter(m -> !m.getName().equals(excluded))
                .count();
    }

    private static void collect(Map<String, Integer> stated, String doc, String text, String claim) {
        Matcher m = Pattern.compile(claim).matcher(text);
        while (m.find()) {
            String word = m.group(1).toLowerCase(java.util.Locale.ROOT);
            int n = word.matches("\\d+") ? Integer.parseInt(word) : NUMBERS.indexOf(word);
            stated.put(doc + ": \"" + m.group() + "\"", n);
        }
    }
}
