package io.partita.benchmarks;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A build's classes in a class loader of their own, so that two builds of the same classes run side by side in one
 * JVM (the paired benchmarks: {@link QueryCostPairs}, {@code server.ServerCostPairs}), each measured in rounds
 * alternating with the other so that machine load falls on both alike.
 */
public final class IsolatedBuild {
    private IsolatedBuild() {}

    /**
     * A loader of {@code classPath} (jars and directories separated by {@code :}) over the platform loader, so nothing
     * of the running benchmark's own class path is seen. Never closed: a build's classes load lazily for as long as it
     * runs, to the end of the process.
     */
    @SuppressWarnings("resource")
    public static ClassLoader loader(String classPath) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String p : parts(classPath, ':')) {
            urls.add(Path.of(p).toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** {@code s}'s parts between {@code separator}s, empty ones included. */
    public static List<String> parts(String s, char separator) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i = s.indexOf(separator); i >= 0; i = s.indexOf(separator, from)) {
            parts.add(s.substring(from, i));
            from = i + 1;
        }
        parts.add(s.substring(from));
        return parts;
    }
}
