package io.partita.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's dependency rules (runtime/README.md), checked on the production classes. */
@AnalyzeClasses(packages = "io.partita", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule no_reflection_anywhere = noClasses().that().resideInAPackage("io.partita..")
            .should().dependOnClassesThat().resideInAPackage("java.lang.reflect..")
            .because("generated code and the runtime read and write fields through accessors and constructors only");

    @ArchTest
    static final ArchRule no_class_for_name = noClasses().that().resideInAPackage("io.partita..")
            .should().callMethod(Class.class, "forName", String.class)
            .orShould().callMethod(Class.class, "getDeclaredFields")
            .orShould().callMethod(Class.class, "getDeclaredMethods")
            .because("no reflection at run time");

    @ArchTest
    static final ArchRule mapping_and_repository_use_only_the_public_storage_api = noClasses()
            .that().resideInAnyPackage("io.partita", "io.partita.spi..", "io.partita.mapping..", "io.partita.repository..")
            .should().dependOnClassesThat().resideInAnyPackage("io.partita.storage.engine..", "io.partita.storage.expression..")
            .because("repositories talk to a Backend in the core's public request/response types, never to its internals");

    @ArchTest
    static final ArchRule mapping_does_not_know_repositories = noClasses().that().resideInAPackage("io.partita.mapping..")
            .should().dependOnClassesThat().resideInAnyPackage("io.partita", "io.partita.repository..", "io.partita.spi..")
            .because("mapping is the lowest layer above the storage values");
}
