package io.partita.spring.boot;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts {@link TestApplication} and closes it: the whole-process startup measurement of spring-boot/README.md
 * runs this with and without {@code --spring.autoconfigure.exclude=} Partita's auto-configurations.
 */
public final class StartupMain {
    private StartupMain() {}

    public static void main(String[] args) {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TestApplication.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .run(args)) {
            System.out.println(context.getBeanDefinitionCount() + " beans");
        }
    }
}
