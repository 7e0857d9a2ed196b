package io.partita.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.partita.storage.AsyncBackend;
import io.partita.storage.Backend;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The module's dependency rules (runtime/README.md), checked on the production classes. */
@AnalyzeClasses(packages = "io.partita", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule no_reflection_anywhere = noClasses()
            .that()
            .resideInAPackage("io.partita..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("java.lang.reflect..")
            .because("generated code and the runtime read and write fields through accessors and constructors only");

    @ArchTest
    static final ArchRule no_class_for_name = noClasses()
            .that()
            .resideInAPackage("io.partita..")
            .should()
            .callMethod(Class.class, "forName", String.class)
            .orShould()
            .callMethod(Class.class, "getDeclaredFields")
            .orShould()
            .callMethod(Class.class, "getDeclaredMethods")
            .because("no reflection at run time");

    @ArchTest
    static final ArchRule mapping_and_repository_use_only_the_public_storage_api = noClasses()
            .that()
            .resideInAnyPackage(
                    "io.partita",
                    "io.partita.spi..",
                    "io.partita.mapping..",
                    "io.partita.generated..",
                    "io.partita.repository..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.partita.storage.engine..", "io.partita.storage.expression..")
            .because(
                    "repositories talk to a Backend in the core's public request/response types, never to its internals");

    @ArchTest
    static final ArchRule mapping_does_not_know_repositories = noClasses()
            .that()
            .resideInAPackage("io.partita.mapping..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.partita", "io.partita.repository..", "io.partita.generated..", "io.partita.spi..")
            .because("mapping is the lowest layer above the storage values");

    @ArchTest
    static final ArchRule spi_depends_on_the_storage_api_only = noClasses()
            .that()
            .resideInAPackage("io.partita.spi..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.partita",
                    "io.partita.mapping..",
                    "io.partita.generated..",
                    "io.partita.repository..",
                    "io.partita.io..")
            .because(
                    "the SPI is what backends and decorators implement: the core's operation surface and its decorators");

    @ArchTest
    static final ArchRule the_user_package_does_not_know_repository_support = noClasses()
            .that()
            .resideInAPackage("io.partita")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.partita.repository..", "io.partita.generated..", "io.partita.io..")
            .because("transactions and batches take the user-package interfaces Repository and PartialUpdate, which "
                    + "repository support implements; the dependency runs one way");

    @ArchTest
    static final ArchRule internal_is_a_leaf = noClasses()
            .that()
            .resideInAPackage("io.partita.internal..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.partita",
                    "io.partita.spi..",
                    "io.partita.mapping..",
                    "io.partita.generated..",
                    "io.partita.repository..",
                    "io.partita.io..",
                    "io.partita.storage..")
            .because("every runtime package takes its messages from io.partita.internal.RuntimeMessage");

    // ---- API tiers: the user API (io.partita, .repository, .mapping), what only generated code calls
    // (io.partita.generated), the SPI (io.partita.spi over the core's Backend) -------------------------------------

    @ArchTest
    static final ArchRule generated_code_support_sits_below_the_repository_api = noClasses()
            .that()
            .resideInAPackage("io.partita.generated..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.partita.repository..", "io.partita.spi..", "io.partita.io..")
            .because("repositories build on what generated code calls, not the other way round: a support type that "
                    + "needed a repository type would tie the generated-code contract to the user API's internals");

    /**
     * The one user-API member whose signature names a generated-code type: {@code repository.mapping()}, which users
     * call to see an entity as an item ({@code toItem}) when they write a request by hand.
     */
    private static final Set<String> EXPOSES_GENERATED_BY_DESIGN =
            Set.of("io.partita.repository.EntityRepository.mapping()");

    /** A public member of a public user-API type that takes or returns an {@code io.partita.generated} type. */
    private static final ArchCondition<JavaCodeUnit> NAME_NO_GENERATED_TYPE =
            new ArchCondition<>("name no io.partita.generated type in their signature") {
                @Override
                public void check(JavaCodeUnit unit, ConditionEvents events) {
                    String member = unit.getOwner().getName() + "." + unit.getName() + "()";
                    if (EXPOSES_GENERATED_BY_DESIGN.contains(member)) {
                        return;
                    }
                    List<JavaClass> types = new ArrayList<>(unit.getRawParameterTypes());
                    types.add(unit.getRawReturnType());
                    for (JavaClass type : types) {
                        if (type.getPackageName().startsWith("io.partita.generated")) {
                            events.add(SimpleConditionEvent.violated(
                                    unit, member + " names " + type.getName() + " in its signature"));
                        }
                    }
                }
            };

    @ArchTest
    static final ArchRule the_user_api_does_not_hand_out_generated_code_support = codeUnits()
            .that()
            .arePublic()
            .and()
            .areDeclaredInClassesThat()
            .arePublic()
            .and()
            .areDeclaredInClassesThat()
            .resideInAnyPackage("io.partita", "io.partita.repository..", "io.partita.mapping..", "io.partita.spi..")
            .should(NAME_NO_GENERATED_TYPE)
            .because("what users call takes and returns user-API types; generated code reaches io.partita.generated "
                    + "through the protected members of the bases it extends (constructors, tableQuery, indexQuery)");

    @ArchTest
    static final ArchRule the_spi_is_implemented_outside_the_generated_code_support = noClasses()
            .that()
            .resideInAPackage("io.partita.generated..")
            .should()
            .implement(Backend.class)
            .orShould()
            .implement(AsyncBackend.class)
            .because("backends and their decorators are the SPI (io.partita.spi, the core's Backend)");

    /** Every runtime package, the root package {@code io.partita} included, is one slice; storage is not ours. */
    private static final SliceAssignment RUNTIME_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String pkg = javaClass.getPackageName();
            if (pkg.equals("io.partita")) {
                return SliceIdentifier.of("io.partita");
            }
            if (!pkg.startsWith("io.partita.") || pkg.startsWith("io.partita.storage")) {
                return SliceIdentifier.ignore();
            }
            int end = pkg.indexOf('.', "io.partita.".length());
            return SliceIdentifier.of(end < 0 ? pkg : pkg.substring(0, end));
        }

        @Override
        public String getDescription() {
            return "runtime packages (io.partita and each io.partita.<sub>..)";
        }
    };

    @ArchTest
    static final ArchRule no_package_cycles =
            slices().assignedFrom(RUNTIME_PACKAGES).should().beFreeOfCycles();

    @ArchTest
    static final ArchRule no_cycles_between_subpackages =
            slices().matching("io.partita.(*)..").should().beFreeOfCycles();
}
