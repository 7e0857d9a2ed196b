package io.partita.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Reading META-INF/partita/repositories.idx: every file on the class path, once per class, errors named. */
class RepositoryIndexTest {
    @TempDir
    Path dir;

    private ClassLoader loaderWith(String... indexes) throws IOException {
        URL[] roots = new URL[indexes.length];
        for (int i = 0; i < indexes.length; i++) {
            Path root = dir.resolve("jar" + i);
            Path file = root.resolve(RepositoryIndex.LOCATION);
            Files.createDirectories(file.getParent());
            Files.writeString(file, indexes[i], StandardCharsets.UTF_8);
            roots[i] = root.toUri().toURL();
        }
        // the test classes' own index comes through the parent: hide it with a parent that has none
        return new URLClassLoader(roots, ClassLoader.getPlatformClassLoader());
    }

    @Test
    void everyIndexOnTheClassPathOnceEachNamesByClassWhereSimpleNamesClash() throws IOException {
        RepositoryIndex index = RepositoryIndex.load(loaderWith(
                "entity\ta.BookRepository\ta.Book\tBooks\nentity\ta.OrderRepository\ta.Order\tOrders\n",
                "entity\ta.BookRepository\ta.Book\tBooks\n\ntable\tb.OrderRepository\tb.Order\tShop\n"));
        assertThat(index.entries())
                .extracting(RepositoryIndex.Entry::beanName)
                .containsExactly("bookRepository", "a.OrderRepository", "b.OrderRepository");
        assertThat(index.entries())
                .extracting(RepositoryIndex.Entry::kind)
                .containsExactly("entity", "entity", "table");
    }

    @Test
    void aMalformedLineIsNamedWithItsFileAndNumber() throws IOException {
        ClassLoader loader = loaderWith("entity\ta.BookRepository\ta.Book\tBooks\nrepository a.X\n");
        assertThatThrownBy(() -> RepositoryIndex.load(loader))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("repositories.idx line 2 is not a repository index line")
                .hasMessageContaining("repository a.X");
    }

    @Test
    void aListedClassMissingFromTheClassPathFailsStartupNamingIt() throws IOException {
        ClassLoader loader =
                new URLClassLoader(
                        ((URLClassLoader) loaderWith("entity\tgone.BookRepository\tgone.Book\tBooks\n")).getURLs(),
                        getClass().getClassLoader()) {
                    @Override
                    public java.util.Enumeration<URL> getResources(String name) throws IOException {
                        return name.equals(RepositoryIndex.LOCATION) ? findResources(name) : super.getResources(name);
                    }
                };
        new ApplicationContextRunner()
                .withClassLoader(loader)
                .withConfiguration(AutoConfigurations.of(PartitaAutoConfiguration.class))
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .hasStackTraceContaining(
                                "lists repository gone.BookRepository, which is not on the class path"));
    }
}
