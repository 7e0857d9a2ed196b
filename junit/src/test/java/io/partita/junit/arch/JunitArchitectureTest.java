package io.partita.junit.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's dependency rules (junit/README.md), checked on the production classes. */
@AnalyzeClasses(packages = "io.partita.junit", importOptions = ImportOption.DoNotIncludeTests.class)
class JunitArchitectureTest {

    @ArchTest
    static final ArchRule uses_the_user_api_the_core_factories_and_junit_only = classes()
            .that()
            .resideInAPackage("io.partita.junit")
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(
                    "io.partita.junit..",
                    "io.partita", // Partita, ChangeFeed, Change
                    "io.partita.feed", // ChangeSource: the repositories whose tables have a change stream
                    "io.partita.storage", // Storage.inMemory(options), StorageOptions
                    "org.junit.jupiter.api..",
                    "org.junit.platform.commons..",
                    "java..")
            .because("the extension opens a Partita on a fresh core per test and hands it to tests; repositories, "
                    + "mapping, the SPI and the core's internals are not its business");

    @ArchTest
    static final ArchRule the_server_extension_uses_the_server_the_sdk_and_junit_only = classes()
            .that()
            .resideInAPackage("io.partita.junit.server..")
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(
                    "io.partita.junit.server..",
                    "io.partita.server", // PartitaServer, its Options
                    "io.partita.storage", // Storage.inMemory(), Storage.open(dir)
                    "software.amazon.awssdk..", // the DynamoDbClient handed to tests (SdkClients only)
                    "org.junit.jupiter.api..",
                    "org.junit.platform.commons..",
                    "java..")
            .because("@PartitaServer starts the HTTP server on a fresh core and hands out its endpoint or an SDK "
                    + "client; partita-server and the SDK are optional dependencies of this module");
}
