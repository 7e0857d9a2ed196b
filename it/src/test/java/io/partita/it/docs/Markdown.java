package io.partita.it.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The parts of the project's Markdown documents that {@link DocumentsTest} checks against the tree: headings (as
 * GitHub's anchors), relative links, inline code spans and fenced blocks. Plain text scanning, enough for the
 * documents' own style: fences are lines starting with three backticks, headings lines starting with {@code #}.
 */
final class Markdown {
    private static final Pattern LINK = Pattern.compile("\\[[^\\]\\n]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
    /** What GitHub keeps of a heading's text in its anchor: letters, digits, marks, spaces, hyphens, underscores. */
    private static final Pattern NOT_IN_ANCHOR = Pattern.compile("[^\\p{L}\\p{N}\\p{M} _-]");

    final Path path;
    final String text;

    private Markdown(Path path, String text) {
        this.path = path;
        this.text = text;
    }

    static Markdown read(Path path) {
        try {
            return new Markdown(path, Files.readString(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository root: the first directory up from the working directory holding {@code mvnw} and docs/. */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no repository root (mvnw and docs/) above " + Path.of("").toAbsolutePath());
    }

    /** Every Markdown file of the tree, outside build output and hidden directories. */
    static List<Markdown> all(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> outsideBuildOutput(root.relativize(p)))
                    .sorted()
                    .map(Markdown::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean outsideBuildOutput(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.equals("target") || name.equals("node_modules") || name.startsWith(".")) {
                return false;
            }
        }
        return true;
    }

    /** The text with every fenced block's lines blanked (line numbers kept), so code is not read as prose. */
    String prose() {
        StringBuilder out = new StringBuilder(text.length());
        boolean fenced = false;
        for (String line : text.lines().toList()) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                out.append('\n');
            } else {
                out.append(fenced ? "" : line).append('\n');
            }
        }
        return out.toString();
    }

    /** The contents of every fenced block whose info string is {@code language}. */
    List<String> fencedBlocks(String language) {
        List<String> blocks = new ArrayList<>();
        StringBuilder block = null;
        for (String line : text.lines().toList()) {
            String stripped = line.strip();
            if (block == null && stripped.equals("```" + language)) {
                block = new StringBuilder();
            } else if (block != null && stripped.equals("```")) {
                blocks.add(block.toString());
                block = null;
            } else if (block != null) {
                block.append(line).append('\n');
            }
        }
        return blocks;
    }

    /** The targets of the prose's links and images, as written ({@code path#anchor}), code spans left out. */
    List<String> linkTargets() {
        String prose = CODE_SPAN.matcher(prose()).replaceAll("");
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(prose);
        while (m.find()) {
            targets.add(m.group(1));
        }
        return targets;
    }

    /** The prose's inline code spans, without their backticks. */
    List<String> codeSpans() {
        List<String> spans = new ArrayList<>();
        Matcher m = CODE_SPAN.matcher(prose());
        while (m.find()) {
            spans.add(m.group(1));
        }
        return spans;
    }

    /** The anchors GitHub gives this document's headings, a repeated one suffixed -1, -2, ... */
    Set<String> anchors() {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose().lines().toList()) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: link texts kept, lower case, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        String text = INLINE_LINK.matcher(heading).replaceAll("$1");
        return NOT_IN_ANCHOR
                .matcher(text.toLowerCase(Locale.ROOT))
                .replaceAll("")
                .replace(' ', '-');
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
