package io.partita.storage.arch;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The storage module's dependency rules (storage/README.md), checked on its production classes. */
@AnalyzeClasses(packages = "io.partita.storage", importOptions = ImportOption.DoNotIncludeTests.class)
class StorageArchitectureTest {

    @ArchTest
    static final ArchRule storage_depends_on_nothing_else_of_partita = noClasses()
            .that()
            .resideInAPackage("io.partita.storage..")
            .should()
            .dependOnClassesThat(resideInAPackage("io.partita..").and(resideOutsideOfPackage("io.partita.storage..")))
            .because("the storage core knows nothing of entities, mapping or repositories");

    @ArchTest
    static final ArchRule storage_uses_only_the_jdk = noClasses()
            .that()
            .resideInAPackage("io.partita.storage..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "com.fasterxml..",
                    "software.amazon..",
                    "com.amazonaws..",
                    "org.springframework..",
                    "java.lang.reflect..")
            .because("the core is a library any JVM program embeds: no mapper, JSON or SDK library, no reflection");

    @ArchTest
    static final ArchRule only_the_disk_classes_use_rocksdb = noClasses()
            .that()
            .resideInAPackage("io.partita.storage..")
            .and()
            .haveSimpleNameNotStartingWith("Disk")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.rocksdb..")
            .because(
                    "durable mode's one dependency (RocksDB) stays behind DiskStore, DiskMap, DiskWrite and DiskCatalog");
}
