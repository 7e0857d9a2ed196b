package io.partita.spring.boot;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The repositories the Partita processor generated, read from every {@code META-INF/partita/repositories.idx} on
 * the class path (one per compiled module: a fixed resource name, as {@code AutoConfiguration.imports} is; nothing
 * is scanned). Each line is {@code kind TAB repository-class TAB entity-or-table-interface TAB table}, kind
 * {@code entity} or {@code table}; every listed class has a static {@code of(Partita)} factory.
 *
 * @param entries every repository once, ordered by class name
 */
public record RepositoryIndex(List<Entry> entries) {
    /** The resource the processor writes in each compiled module. */
    public static final String LOCATION = "META-INF/partita/repositories.idx";

    public RepositoryIndex {
        entries = List.copyOf(entries);
    }

    /**
     * One generated repository.
     *
     * @param kind {@code entity} (an {@code EntityRepository}) or {@code table} (a shared table's item-collection
     *     queries)
     * @param repositoryClass the repository's binary class name
     * @param modelClass the entity's (or shared-table interface's) binary class name
     * @param table the logical table name
     * @param beanName the bean name: the repository's simple name, decapitalized ({@code bookRepository}), or its
     *     binary class name when two repositories on the class path share a simple name
     * @param source the index file that listed it
     */
    public record Entry(
            String kind, String repositoryClass, String modelClass, String table, String beanName, URL source) {}

    /** Reads every index visible to {@code classLoader}. */
    public static RepositoryIndex load(ClassLoader classLoader) {
        Map<String, String[]> lines = new TreeMap<>();
        Map<String, URL> sources = new HashMap<>();
        try {
            Enumeration<URL> urls = classLoader.getResources(LOCATION);
            for (URL url : Collections.list(urls)) {
                try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
                    String line;
                    int number = 0;
                    while ((line = in.readLine()) != null) {
                        number++;
                        if (line.isBlank()) {
                            continue;
                        }
                        String[] fields = line.split("\t", -1);
                        if (fields.length < 4 || !(fields[0].equals("entity") || fields[0].equals("table"))) {
                            throw new IllegalStateException(
                                    Messages.MALFORMED_INDEX_LINE.format(url, number, line.replace("\t", "\\t")));
                        }
                        if (lines.putIfAbsent(fields[1], fields) == null) {
                            sources.put(fields[1], url);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Integer> simpleNames = new HashMap<>();
        for (String repository : lines.keySet()) {
            simpleNames.merge(simpleName(repository), 1, Integer::sum);
        }
        List<Entry> entries = new ArrayList<>();
        lines.forEach((repository, f) -> {
            String simple = simpleName(repository);
            String beanName = simpleNames.get(simple) > 1 ? repository : decapitalize(simple);
            entries.add(new Entry(f[0], f[1], f[2], f[3], beanName, sources.get(repository)));
        });
        return new RepositoryIndex(entries);
    }

    private static String simpleName(String binaryName) {
        String name = binaryName.substring(binaryName.lastIndexOf('.') + 1);
        return name.substring(name.lastIndexOf('$') + 1);
    }

    private static String decapitalize(String name) {
        return name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1);
    }
}
