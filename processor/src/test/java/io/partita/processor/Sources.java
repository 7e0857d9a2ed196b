package io.partita.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import javax.tools.JavaFileObject;

/** Builds test sources and compiles them through the processor. */
final class Sources {
  private static final String IMPORTS = String.join("\n",
      "import io.partita.annotations.*;",
      "import java.math.*;",
      "import java.nio.ByteBuffer;",
      "import java.time.*;",
      "import java.util.*;",
      "");

  private Sources() {}

  /** A source file {@code p.<name>} with the annotation, java.time, java.util and java.math imports. */
  static JavaFileObject source(String simpleName, String... lines) {
    return JavaFileObjects.forSourceString("p." + simpleName,
        "package p;\n" + IMPORTS + String.join("\n", lines) + "\n");
  }

  /** A seed design from the test resources, e.g. {@code seed("forum/Thread")}. */
  static JavaFileObject seed(String path) {
    return JavaFileObjects.forResource("seeds/" + path + ".java");
  }

  static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new PartitaProcessor()).compile(sources);
  }

  static Compilation compile(List<String> options, JavaFileObject... sources) {
    return javac().withOptions(options).withProcessors(new PartitaProcessor()).compile(sources);
  }
}
