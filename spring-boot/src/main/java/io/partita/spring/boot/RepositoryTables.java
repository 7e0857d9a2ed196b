package io.partita.spring.boot;

import io.partita.DesignReport;
import io.partita.Partita;
import io.partita.repository.EntityRepository;
import io.partita.storage.schema.TableDefinition;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * The tables of the application's repository beans, and what {@code partita.tables.*} does to them when the first
 * repository bean is created (before any repository is injected anywhere): create each if missing, then compare all
 * of them with the compiled design at once, so that one failed startup lists every difference of every table. The
 * tables are those of every {@code EntityRepository} bean defined in the context (read from the generated class's
 * {@code TABLE} constant, without creating the bean), and of any repository bean created later whose class has no such
 * constant. The health indicator checks the same tables.
 */
public final class RepositoryTables {
    private static final Log log = LogFactory.getLog(RepositoryTables.class);

    private final ObjectProvider<Partita> db;
    private final PartitaProperties.Tables policy;
    private final Map<String, TableDefinition> tables = new LinkedHashMap<>();

    RepositoryTables(ObjectProvider<Partita> db, PartitaProperties.Tables policy) {
        this.db = db;
        this.policy = policy;
    }

    /** The table definitions (logical names) of every repository bean created so far. */
    public synchronized List<TableDefinition> tables() {
        return new ArrayList<>(tables.values());
    }

    /** The design check of every table in {@link #tables()}, on the Partita bean. */
    public DesignReport check() {
        return db.getObject().tables().check(tables());
    }

    /**
     * A repository bean was created: its table, and the tables of every repository bean the context defines, are
     * created (when the policy says so) and checked, each table once, all new ones in one check.
     */
    synchronized void opened(TableDefinition table, Collection<TableDefinition> defined) {
        List<TableDefinition> fresh = new ArrayList<>();
        for (TableDefinition t : defined) {
            if (tables.putIfAbsent(t.name(), t) == null) {
                fresh.add(t);
            }
        }
        if (tables.putIfAbsent(table.name(), table) == null) {
            fresh.add(table);
        }
        if (fresh.isEmpty()) {
            return;
        }
        Partita partita = db.getObject();
        for (TableDefinition t : fresh) {
            // what each repository does when opened (the embedded core creates its table; nothing on DynamoDB),
            // done now for the repositories not created yet, so that they are checked as they will be
            partita.createTableIfMissing(t);
        }
        if (policy.getCreateOnStartup() == PartitaProperties.CreateOnStartup.CREATE_IF_MISSING) {
            partita.tables().createIfMissing(fresh);
        }
        switch (policy.getCheckOnStartup()) {
            case NONE -> {}
            case WARN -> {
                for (TableDefinition t : fresh) {
                    DesignReport report = partita.tables().check(t);
                    if (!report.matches()) {
                        log.warn(Messages.DESIGN_MISMATCH_WARNING.format(partita.tableName(t.name()), report));
                    }
                }
            }
            case FAIL -> {
                DesignReport report = partita.tables().check(fresh);
                if (!report.matches()) {
                    throw new DesignMismatchOnStartupException(
                            Messages.DESIGN_MISMATCH_ON_STARTUP.format(
                                    report.mismatches().size(), report),
                            report);
                }
            }
        }
    }

    /**
     * Hands every {@code EntityRepository} bean's table to {@link RepositoryTables#opened} once it is created, with
     * the tables of every repository bean the context defines.
     */
    static final class PostProcessor implements BeanPostProcessor, BeanFactoryAware {
        private final ObjectProvider<RepositoryTables> tables;
        private ListableBeanFactory beans;
        private List<TableDefinition> defined;

        PostProcessor(ObjectProvider<RepositoryTables> tables) {
            this.tables = tables;
        }

        @Override
        public void setBeanFactory(BeanFactory beanFactory) {
            this.beans = beanFactory instanceof ListableBeanFactory listable ? listable : null;
        }

        @Override
        public Object postProcessAfterInitialization(Object bean, String beanName) {
            if (bean instanceof EntityRepository<?> repository) {
                tables.getObject().opened(repository.tableDefinition(), defined());
            }
            return bean;
        }

        /** The tables of the repository bean definitions, by the generated {@code TABLE} constant of their type. */
        private synchronized List<TableDefinition> defined() {
            if (defined == null) {
                List<TableDefinition> found = new ArrayList<>();
                if (beans != null) {
                    for (String name : beans.getBeanNamesForType(EntityRepository.class, true, false)) {
                        TableDefinition table = declaredTable(beans.getType(name, false));
                        if (table != null) {
                            found.add(table);
                        }
                    }
                }
                defined = List.copyOf(found);
            }
            return defined;
        }

        /** The public static {@code TABLE} constant every generated repository has, or null. */
        static TableDefinition declaredTable(Class<?> type) {
            if (type == null) {
                return null;
            }
            try {
                Field field = type.getField("TABLE");
                return Modifier.isStatic(field.getModifiers()) && field.getType() == TableDefinition.class
                        ? (TableDefinition) field.get(null)
                        : null;
            } catch (NoSuchFieldException | IllegalAccessException e) {
                return null;
            }
        }
    }
}
