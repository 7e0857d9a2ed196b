package io.partita.spring.boot;

import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.ClassUtils;

/**
 * Registers one bean per generated repository listed in the {@link RepositoryIndex}: created by the repository's
 * static factory {@code of(Partita)} (a factory method named in the bean definition, as Spring calls any
 * {@code @Bean}), its {@code Partita} argument autowired by type. A bean the application already defined under
 * the same name is left alone.
 */
class PartitaRepositoriesRegistrar implements ImportBeanDefinitionRegistrar, BeanClassLoaderAware {
    private ClassLoader classLoader = ClassUtils.getDefaultClassLoader();

    @Override
    public void setBeanClassLoader(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        for (RepositoryIndex.Entry e : RepositoryIndex.load(classLoader).entries()) {
            if (registry.containsBeanDefinition(e.beanName())) {
                continue;
            }
            Class<?> type;
            try {
                type = ClassUtils.forName(e.repositoryClass(), classLoader);
            } catch (ClassNotFoundException | LinkageError missing) {
                throw new IllegalStateException(
                        Messages.INDEXED_CLASS_MISSING.format(e.source(), e.repositoryClass()), missing);
            }
            RootBeanDefinition bean = new RootBeanDefinition(type);
            bean.setFactoryMethodName("of");
            bean.setAutowireMode(AutowireCapableBeanFactory.AUTOWIRE_CONSTRUCTOR);
            bean.setTargetType(type);
            bean.setResourceDescription(String.valueOf(e.source()));
            registry.registerBeanDefinition(e.beanName(), bean);
        }
    }
}
