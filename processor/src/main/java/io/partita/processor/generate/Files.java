package io.partita.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.Filer;

/** Writes each generated top-level type once per compilation, with Partita's conventions. */
final class Files {
    private final Set<String> written = new HashSet<>();

    static AnnotationSpec generated() {
        return AnnotationSpec.builder(Runtime.GENERATED)
                .addMember("value", "$S", Runtime.GENERATOR)
                .build();
    }

    /** {@code @NullMarked}, on every generated type: the unannotated types of its API are non-null. */
    static AnnotationSpec nullMarked() {
        return AnnotationSpec.builder(Runtime.NULL_MARKED).build();
    }

    /** {@code type} as a type that may be null ({@code @Nullable}, on the type, as JSpecify's type-use annotation). */
    static TypeName nullable(TypeName type) {
        return type.annotated(AnnotationSpec.builder(Runtime.NULLABLE).build());
    }

    /** Whether {@code name} was already written in this compilation (a shared table seen again in a later round). */
    boolean isWritten(ClassName name) {
        return written.contains(name.canonicalName());
    }

    void write(Filer filer, ClassName name, TypeSpec type) throws IOException {
        if (!written.add(name.canonicalName())) {
            return;
        }
        JavaFile.builder(name.packageName(), type)
                .skipJavaLangImports(true)
                .indent("  ")
                .build()
                .writeTo(filer);
    }
}
