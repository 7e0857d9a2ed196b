package io.partita.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeHint;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationHook;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.javapoet.ClassName;

/**
 * What a native image of the application would need for Partita, from the same AOT processing as the build's
 * {@code process-aot}: the application's bean definitions (main run up to the loaded context, as Spring Boot's AOT
 * processor does) through {@link ApplicationContextAotGenerator}, then the {@link RuntimeHints} it recorded.
 */
class LibraryRuntimeHintsTest {

    /**
     * Partita registers no hints of its own, and needs none: the generated BeanDefinitions call each repository's
     * {@code of(Partita)} directly, entities are reached only by generated code. What Spring's AOT records for
     * Partita types on its own: every bean class as a type (no member), {@code Partita.close()} (the inferred
     * destroy method, which Spring invokes reflectively) and the {@code PartitaProperties} JavaBeans (Spring Boot's
     * binder).
     */
    @Test
    void partitaNeedsNoReflectionHintsOfItsOwn() {
        RuntimeHints hints = processAheadOfTime();

        Map<String, String> withMembers = new TreeMap<>();
        hints.reflection()
                .typeHints()
                .filter(h -> h.getType().getName().startsWith("io.partita."))
                .filter(h -> !h.getType().getName().startsWith(LibraryApplication.class.getName()))
                .forEach(h -> {
                    System.out.println(h.getType().getName() + " " + describe(h));
                    if (hasMembers(h)) {
                        withMembers.put(h.getType().getName(), describe(h));
                    }
                });

        assertThat(RuntimeHintsPredicates.reflection().onType(Book.class)).rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Loan.class)).rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(BookRepository.class, "of"))
                .rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Partita.class, "close"))
                .accepts(hints);
        assertThat(withMembers)
                .containsEntry(Partita.class.getName(), "[] methods=[close:INVOKE] constructors=0 fields=[]");
        assertThat(withMembers.keySet())
                .allMatch(type -> type.equals(Partita.class.getName())
                        || type.startsWith("io.partita.spring.boot.PartitaProperties"));
        assertThat(hints.resources().resourcePatternHints())
                .flatMap(p -> p.getIncludes())
                .noneMatch(p -> p.getPattern().contains("partita"));
    }

    private static boolean hasMembers(TypeHint hint) {
        return !hint.getMemberCategories().isEmpty()
                || hint.methods().findAny().isPresent()
                || hint.constructors().findAny().isPresent()
                || hint.fields().findAny().isPresent();
    }

    private static String describe(TypeHint hint) {
        return hint.getMemberCategories() + " methods="
                + hint.methods().map(m -> m.getName() + ":" + m.getMode()).collect(Collectors.toList())
                + " constructors=" + hint.constructors().count()
                + " fields=" + hint.fields().map(f -> f.getName()).collect(Collectors.toList());
    }

    /** The application's context with its bean definitions loaded, not refreshed, processed ahead of time. */
    private static RuntimeHints processAheadOfTime() {
        GenericApplicationContext context = loadedContext();
        try {
            DefaultGenerationContext generation = new DefaultGenerationContext(
                    new ClassNameGenerator(ClassName.get(LibraryApplication.class)), new InMemoryGeneratedFiles());
            new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
            return generation.getRuntimeHints();
        } finally {
            context.close();
        }
    }

    private static GenericApplicationContext loadedContext() {
        SpringApplicationHook stopWhenLoaded = application -> new SpringApplicationRunListener() {
            @Override
            public void contextLoaded(ConfigurableApplicationContext context) {
                throw new SpringApplication.AbandonedRunException(context);
            }
        };
        try {
            SpringApplication.withHook(stopWhenLoaded, () -> LibraryApplication.main(new String[0]));
        } catch (SpringApplication.AbandonedRunException loaded) {
            return (GenericApplicationContext) loaded.getApplicationContext();
        }
        throw new AssertionError("LibraryApplication.main returned without loading a context");
    }
}
