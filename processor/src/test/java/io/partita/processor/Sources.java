package io.partita.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.net.MalformedURLException;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;

/** Builds test sources and compiles them through the processor. */
final class Sources {
    /**
     * The seed designs: one copy, in the it/ module, which compiles them with the processor and runs their
     * repositories; these tests read the same files (the golden files are their generated sources).
     */
    static final Path SEEDS =
            Path.of("../it/src/main/java/seeds").toAbsolutePath().normalize();

    private static final String IMPORTS = String.join(
            "\n",
            "import io.partita.annotations.*;",
            "import java.math.*;",
            "import java.nio.ByteBuffer;",
            "import java.time.*;",
            "import java.util.*;",
            "");

    private Sources() {}

    /** What kapt's stubs of Kotlin classes carry ({@code kotlin.Metadata}, declared here: the processor matches the name). */
    static final JavaFileObject KOTLIN_METADATA =
            JavaFileObjects.forSourceLines("kotlin.Metadata", "package kotlin;", "public @interface Metadata {}");

    /** A source file {@code p.<name>} with the annotation, java.time, java.util and java.math imports. */
    static JavaFileObject source(String simpleName, String... lines) {
        return JavaFileObjects.forSourceString(
                "p." + simpleName, "package p;\n" + IMPORTS + String.join("\n", lines) + "\n");
    }

    /** A seed design from {@link #SEEDS}, e.g. {@code seed("forum/Thread")}. */
    static JavaFileObject seed(String path) {
        try {
            return JavaFileObjects.forResource(
                    SEEDS.resolve(path + ".java").toUri().toURL());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(path, e);
        }
    }

    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new PartitaProcessor()).compile(sources);
    }

    static Compilation compile(List<String> options, JavaFileObject... sources) {
        return javac().withOptions(options)
                .withProcessors(new PartitaProcessor())
                .compile(sources);
    }
}
