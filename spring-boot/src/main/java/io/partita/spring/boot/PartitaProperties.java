package io.partita.spring.boot;

import io.partita.storage.Durability;
import io.partita.storage.api.ReturnConsumedCapacity;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code partita.*} properties: which backend the {@code Partita} bean runs on, how logical table names become
 * deployed ones, what happens to the tables on startup, and the optional parts (metrics, consumed capacity, slow
 * request logging).
 */
@ConfigurationProperties("partita")
public class PartitaProperties {
    /**
     * Which backend the Partita bean runs on: AUTO uses the application's DynamoDbClient and/or DynamoDbAsyncClient
     * bean when there is one and the embedded core otherwise; EMBEDDED always uses the embedded core; DYNAMODB
     * requires a DynamoDbClient or DynamoDbAsyncClient bean.
     */
    private Backend backend = Backend.AUTO;

    /**
     * The consumed capacity Partita asks for on every request (NONE, TOTAL, or INDEXES for each index's share),
     * reported to request listeners and the partita.consumed.capacity meter.
     */
    private ReturnConsumedCapacity consumedCapacity = ReturnConsumedCapacity.NONE;

    /** Requests slower than this (retries included) are logged at WARNING on the logger io.partita.requests. */
    private Duration slowRequestThreshold;

    private final TableNames tableNames = new TableNames();
    private final Tables tables = new Tables();
    private final Storage storage = new Storage();
    private final Metrics metrics = new Metrics();
    private final Repositories repositories = new Repositories();

    public Backend getBackend() {
        return backend;
    }

    public void setBackend(Backend backend) {
        this.backend = backend;
    }

    public ReturnConsumedCapacity getConsumedCapacity() {
        return consumedCapacity;
    }

    public void setConsumedCapacity(ReturnConsumedCapacity consumedCapacity) {
        this.consumedCapacity = consumedCapacity;
    }

    public Duration getSlowRequestThreshold() {
        return slowRequestThreshold;
    }

    public void setSlowRequestThreshold(Duration slowRequestThreshold) {
        this.slowRequestThreshold = slowRequestThreshold;
    }

    public TableNames getTableNames() {
        return tableNames;
    }

    public Tables getTables() {
        return tables;
    }

    public Storage getStorage() {
        return storage;
    }

    public Metrics getMetrics() {
        return metrics;
    }

    public Repositories getRepositories() {
        return repositories;
    }

    /** Which backend the Partita bean runs on. */
    public enum Backend {
        /** The application's DynamoDbClient / DynamoDbAsyncClient bean when there is one, the embedded core otherwise. */
        AUTO,
        /** The embedded storage core, even when the application has a DynamoDB client bean. */
        EMBEDDED,
        /** Amazon DynamoDB through the application's DynamoDbClient or DynamoDbAsyncClient bean (one must exist). */
        DYNAMODB
    }

    /** What the application does to its tables on startup. */
    public enum CreateOnStartup {
        /** Nothing (on DynamoDB tables are created by the deployment; the embedded core creates them anyway). */
        NONE,
        /** Creates every table of the generated repositories that does not exist yet, and waits until ACTIVE. */
        CREATE_IF_MISSING
    }

    /** Whether the deployed tables are compared with the compiled design on startup. */
    public enum CheckOnStartup {
        /** No check. */
        NONE,
        /** Logs every mismatch at WARN and starts. */
        WARN,
        /** Fails the application's startup, naming every mismatch. */
        FAIL
    }

    /** How logical table names (the @Table names) become deployed names: prefix + logical name + suffix. */
    public static class TableNames {
        /** Put before every logical table name, e.g. "prod-" deploys Orders as prod-Orders. */
        private String prefix = "";

        /** Put after every logical table name, e.g. "_tenant42". */
        private String suffix = "";

        public String getPrefix() {
            return prefix;
        }

        public void setPrefix(String prefix) {
            this.prefix = prefix;
        }

        public String getSuffix() {
            return suffix;
        }

        public void setSuffix(String suffix) {
            this.suffix = suffix;
        }
    }

    /** The tables of the generated repositories on startup. */
    public static class Tables {
        /** Whether missing tables are created when the repositories are created. */
        private CreateOnStartup createOnStartup = CreateOnStartup.NONE;

        /** Whether the deployed tables are compared with the compiled design (DescribeTable) on startup. */
        private CheckOnStartup checkOnStartup = CheckOnStartup.NONE;

        public CreateOnStartup getCreateOnStartup() {
            return createOnStartup;
        }

        public void setCreateOnStartup(CreateOnStartup createOnStartup) {
            this.createOnStartup = createOnStartup;
        }

        public CheckOnStartup getCheckOnStartup() {
            return checkOnStartup;
        }

        public void setCheckOnStartup(CheckOnStartup checkOnStartup) {
            this.checkOnStartup = checkOnStartup;
        }
    }

    /** The embedded core. */
    public static class Storage {
        /**
         * The directory of a durable embedded database (created when missing, recovered when not); unset, the
         * embedded core keeps everything in memory.
         */
        private Path dataDir;

        /**
         * What an acknowledged write of the durable core survives: PROCESS (a crash of the process) or SYNC (also an
         * OS crash or power loss; fsync per commit group).
         */
        private Durability durability = Durability.PROCESS;

        public Path getDataDir() {
            return dataDir;
        }

        public void setDataDir(Path dataDir) {
            this.dataDir = dataDir;
        }

        public Durability getDurability() {
            return durability;
        }

        public void setDurability(Durability durability) {
            this.durability = durability;
        }
    }

    /** The Micrometer binding. */
    public static class Metrics {
        /** Whether every request is recorded as Micrometer meters (partita.requests, ...) when there is a MeterRegistry. */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** The generated repositories as beans. */
    public static class Repositories {
        /** Whether every repository listed in META-INF/partita/repositories.idx is registered as a bean. */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }
}
