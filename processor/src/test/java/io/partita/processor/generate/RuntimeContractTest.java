package io.partita.processor.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The processor's side of the generated-code contract ({@link Runtime}) against the runtime itself: types are
 * class literals (the compiler checks them); {@link Runtime.Member} names are checked here, by reflection (the
 * processor's main code never reflects).
 */
class RuntimeContractTest {

    @Test
    void everyCatalogueMemberExistsOnItsRuntimeOwner() {
        List<String> missing = new ArrayList<>();
        for (Runtime.Member m : Runtime.Member.values()) {
            if (!declaresAccessible(m.owner(), m.toString())) {
                missing.add(m.name() + ": " + m.owner().getName() + "." + m);
            }
        }
        assertThat(missing)
                .as("catalogue members the runtime does not offer to generated code")
                .isEmpty();
    }

    @Test
    void catalogueNamesAreUnique() {
        assertThat(Arrays.stream(Runtime.Member.values())
                        .map(m -> m.owner().getName() + "." + m)
                        .distinct()
                        .count())
                .isEqualTo(Runtime.Member.values().length);
    }

    /**
     * No generator spells a catalogued runtime member inside a statement string ({@code "scatter($S, ..."}):
     * such a call would escape {@link #everyCatalogueMemberExistsOnItsRuntimeOwner}. Short, generic names
     * ({@code of}, {@code get}, {@code s}) are left out: the JDK's own methods share them. The report generator
     * and the design report write Markdown and JSON, not code, so they are not scanned.
     */
    @Test
    void generatorsNameRuntimeMembersOnlyThroughTheCatalogue() throws IOException {
        Pattern literal = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/java/io/partita/processor/generate"))) {
            for (Path file : files.filter(p -> !p.endsWith("Runtime.java")
                            && !p.endsWith("ReportGenerator.java")
                            && !p.endsWith("DesignReport.java"))
                    .toList()) {
                String source = Files.readString(file).replace("'\"'", "");
                Matcher m = literal.matcher(source);
                while (m.find()) {
                    for (Runtime.Member member : Runtime.Member.values()) {
                        String name = member.toString();
                        if (name.length() >= 5
                                && Character.isLowerCase(name.charAt(0))
                                && m.group(1).contains(name + "(")) {
                            found.add(file.getFileName() + ": \"" + m.group(1) + "\" names " + name);
                        }
                    }
                }
            }
        }
        assertThat(found).isEmpty();
    }

    /** Public anywhere up the hierarchy, or protected in a superclass (generated classes extend the bases). */
    private static boolean declaresAccessible(Class<?> owner, String name) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            for (Member m : members(c)) {
                if (m.getName().equals(name) && accessible(m.getModifiers())) {
                    return true;
                }
            }
        }
        return Arrays.stream(owner.getMethods()).anyMatch(m -> m.getName().equals(name))
                || Arrays.stream(owner.getFields()).anyMatch(f -> f.getName().equals(name));
    }

    private static List<Member> members(Class<?> c) {
        List<Member> members = new ArrayList<>(Arrays.asList(c.getDeclaredMethods()));
        members.addAll(Arrays.asList(c.getDeclaredFields()));
        return members;
    }

    private static boolean accessible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }
}
