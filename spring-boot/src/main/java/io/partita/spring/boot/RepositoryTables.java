package io.partita.spring.boot;

import io.partita.DesignReport;
import io.partita.Partita;
import io.partita.repository.EntityRepository;
import io.partita.storage.schema.TableDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * The tables of the application's repository beans, and what {@code partita.tables.*} does to each when its first
 * repository bean is created (before the repository is injected anywhere): create it if missing, then compare it
 * with the compiled design. The health indicator checks the same tables.
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

    synchronized void opened(TableDefinition table) {
        if (tables.putIfAbsent(table.name(), table) != null) {
            return;
        }
        Partita partita = db.getObject();
        if (policy.getCreateOnStartup() == PartitaProperties.CreateOnStartup.CREATE_IF_MISSING) {
            partita.tables().createIfMissing(table);
        }
        switch (policy.getCheckOnStartup()) {
            case NONE -> {}
            case WARN -> {
                DesignReport report = partita.tables().check(table);
                if (!report.matches()) {
                    log.warn(Messages.DESIGN_MISMATCH_WARNING.format(partita.tableName(table.name()), report));
                }
            }
            case FAIL -> {
                DesignReport report = partita.tables().check(table);
                if (!report.matches()) {
                    throw new DesignMismatchOnStartupException(
                            Messages.DESIGN_MISMATCH_ON_STARTUP.format(
                                    report.mismatches().size(), report),
                            report);
                }
            }
        }
    }

    /** Hands every {@code EntityRepository} bean's table to {@link RepositoryTables#opened} once it is created. */
    static final class PostProcessor implements BeanPostProcessor {
        private final ObjectProvider<RepositoryTables> tables;

        PostProcessor(ObjectProvider<RepositoryTables> tables) {
            this.tables = tables;
        }

        @Override
        public Object postProcessAfterInitialization(Object bean, String beanName) {
            if (bean instanceof EntityRepository<?> repository) {
                tables.getObject().opened(repository.tableDefinition());
            }
            return bean;
        }
    }
}
