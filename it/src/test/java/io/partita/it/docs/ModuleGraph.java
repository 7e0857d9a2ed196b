package io.partita.it.docs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Partita's modules (by artifact id) and their dependencies on each other, read from the poms or from a mermaid
 * flowchart. An edge is {@code "from --> to"} for a compile, runtime or optional dependency and {@code "from -.-> to"}
 * for a {@code provided} one (the annotation processor); test-scope dependencies are not edges.
 */
final class ModuleGraph {
    private static final Pattern NODE = Pattern.compile("^\\s*(\\w+)\\[\"([^\"]+)\"\\]\\s*$");
    private static final Pattern EDGE = Pattern.compile("^\\s*(\\w+)\\s*(-->|-\\.->)\\s*(\\w+)\\s*$");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    private final Set<String> modules;
    private final Set<String> edges;

    private ModuleGraph(Set<String> modules, Set<String> edges) {
        this.modules = modules;
        this.edges = edges;
    }

    Set<String> modules() {
        return modules;
    }

    Set<String> edges() {
        return edges;
    }

    /** The edges whose two ends are both in {@code among}. */
    Set<String> edgesAmong(Collection<String> among) {
        Set<String> out = new TreeSet<>();
        for (String edge : edges) {
            String[] ends = ends(edge);
            if (among.contains(ends[0]) && among.contains(ends[1])) {
                out.add(edge);
            }
        }
        return out;
    }

    /** A cycle of modules, first module repeated at the end; empty when there is none. */
    List<String> cycle() {
        Map<String, List<String>> next = new HashMap<>();
        for (String edge : edges) {
            String[] ends = ends(edge);
            next.computeIfAbsent(ends[0], k -> new ArrayList<>()).add(ends[1]);
        }
        Set<String> done = new HashSet<>();
        for (String start : modules) {
            List<String> found = cycleFrom(start, next, done, new ArrayDeque<>());
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private static List<String> cycleFrom(
            String module, Map<String, List<String>> next, Set<String> done, Deque<String> path) {
        if (path.contains(module)) {
            List<String> cycle = new ArrayList<>(path);
            java.util.Collections.reverse(cycle);
            cycle = new ArrayList<>(cycle.subList(cycle.indexOf(module), cycle.size()));
            cycle.add(module);
            return cycle;
        }
        if (!done.add(module)) {
            return List.of();
        }
        path.push(module);
        for (String to : next.getOrDefault(module, List.of())) {
            List<String> found = cycleFrom(to, next, done, path);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.pop();
        return List.of();
    }

    /** The reactor's modules (the root pom's {@code <module>}s) and their dependencies on each other. */
    static ModuleGraph fromPoms(Path root) {
        Map<String, Element> poms = new HashMap<>();
        Matcher m = MODULE.matcher(Markdown.read(root.resolve("pom.xml")).text);
        while (m.find()) {
            Element project = parse(root.resolve(m.group(1).strip()).resolve("pom.xml"));
            poms.put(child(project, "artifactId"), project);
        }
        Set<String> edges = new TreeSet<>();
        poms.forEach((artifact, project) -> {
            Element dependencies = childElement(project, "dependencies");
            if (dependencies == null) {
                return;
            }
            for (Node n = dependencies.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element dependency && poms.containsKey(child(dependency, "artifactId"))) {
                    String scope = child(dependency, "scope");
                    if (!scope.equals("test")) {
                        String arrow = scope.equals("provided") ? " -.-> " : " --> ";
                        edges.add(artifact + arrow + child(dependency, "artifactId"));
                    }
                }
            }
        });
        return new ModuleGraph(new TreeSet<>(poms.keySet()), edges);
    }

    /** The nodes ({@code id["artifact"]}) and edges ({@code a --> b}, {@code a -.-> b}) of mermaid flowcharts. */
    static ModuleGraph fromMermaid(List<String> blocks) {
        Map<String, String> artifactOf = new HashMap<>();
        List<String[]> arrows = new ArrayList<>();
        for (String block : blocks) {
            for (String line : block.lines().toList()) {
                Matcher node = NODE.matcher(line);
                Matcher edge = EDGE.matcher(line);
                if (node.matches()) {
                    artifactOf.put(node.group(1), node.group(2));
                } else if (edge.matches()) {
                    arrows.add(new String[] {edge.group(1), edge.group(2), edge.group(3)});
                }
            }
        }
        Set<String> edges = new TreeSet<>();
        for (String[] a : arrows) {
            edges.add(artifactOf.getOrDefault(a[0], a[0]) + " " + a[1] + " " + artifactOf.getOrDefault(a[2], a[2]));
        }
        return new ModuleGraph(new TreeSet<>(artifactOf.values()), edges);
    }

    private static String[] ends(String edge) {
        return new String[] {edge.substring(0, edge.indexOf(' ')), edge.substring(edge.lastIndexOf(' ') + 1)};
    }

    private static Element parse(Path pom) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(pom.toFile());
            return document.getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }

    private static Element childElement(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** The text of {@code parent}'s child element {@code name}, or "" when it has none. */
    private static String child(Element parent, String name) {
        Element e = childElement(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }
}
