package io.partita.dynamodb.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's dependency rules (dynamodb/README.md), checked on the production classes. */
@AnalyzeClasses(packages = "io.partita.dynamodb", importOptions = ImportOption.DoNotIncludeTests.class)
class DynamoDbArchitectureTest {

    @ArchTest
    static final ArchRule uses_the_operation_surface_the_user_package_and_the_sdk_only = classes()
            .that()
            .resideInAPackage("io.partita.dynamodb..")
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(
                    "io.partita.dynamodb..",
                    "io.partita", // Partita, for PartitaDynamoDb.of(client)
                    "io.partita.spi..", // backend decorators
                    "io.partita.storage",
                    "io.partita.storage.api..",
                    "io.partita.storage.schema..",
                    "io.partita.storage.value..", // the core's public API: Backend, records, exceptions
                    "software.amazon.awssdk..",
                    "java..")
            .because("the DynamoDB backend maps the core's public operation surface to AWS SDK v2 calls, nothing more");

    @ArchTest
    static final ArchRule no_core_internals_or_repository_support = noClasses()
            .that()
            .resideInAPackage("io.partita.dynamodb..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.partita.storage.engine..",
                    "io.partita.storage.expression..",
                    "io.partita.repository..",
                    "io.partita.mapping..",
                    "java.lang.reflect..")
            .because("DynamoDB validates expressions itself, and repositories run unchanged on any backend");
}
