package io.partita.storage.engine;

import io.partita.storage.ProvisionedThroughputExceededException;
import io.partita.storage.StorageOptions;
import io.partita.storage.TransactionCanceledException;
import io.partita.storage.expression.KeyConditionTerm;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import java.util.List;

/**
 * Whether and how requests are throttled. It exists so that the write and read paths call one policy
 * unconditionally instead of testing whether the throughput model is on: {@link #UNLIMITED} (the default)
 * does nothing, and while it is the only implementation in use the JIT inlines its empty methods away;
 * {@link TokenBucketThroughput} is DynamoDB's provisioned-throughput model ({@link io.partita.storage.ThroughputModel}).
 *
 * <p>Writes are charged after they are planned and before they are applied, so a throttled write changes
 * nothing; reads after reading (their cost depends on what they read) and before returning.
 */
interface ThroughputPolicy {
    /** No throttling: every request is admitted and nothing is counted. */
    ThroughputPolicy UNLIMITED = new Unlimited();

    /** The policy {@code options} ask for. */
    static ThroughputPolicy of(StorageOptions options) {
        return options.throughputModel() == null
                ? UNLIMITED
                : new TokenBucketThroughput(options.throughputModel(), options.clock());
    }

    /** Checks a new table's capacity settings (only the model cares about them). */
    void validate(TableDefinition definition);

    /** Checks a GSI's capacity settings when it is added to {@code table}; {@code index} may be null (rejected later). */
    void validate(GlobalSecondaryIndex index, String table);

    /** A table was created or gained a GSI: its capacity accrues from now on. */
    void register(TableData table);

    /** A table was deleted. */
    void forget(TableData table);

    /** Charges one planned write; throws {@link ProvisionedThroughputExceededException} when throttled. */
    void chargeWrite(Mutation m);

    /**
     * Charges a read of {@code units} from a table (index null), LSI (its table's capacity) or GSI, and from
     * the partition {@code partition} falls in (null for a Scan); throws when throttled. {@code label} names
     * the partition in the message: an item, a key, an attribute value or a {@code Supplier<String>}.
     */
    void chargeRead(TableData table, IndexData index, OrderKey partition, double units, Object label);

    /**
     * As {@link #chargeRead}, for a Query: a throttling message names the partition by the key condition's
     * {@code terms} on {@code partitionKey} (formatted only then, so a Query allocates nothing for it).
     */
    void chargeQuery(
            TableData table,
            IndexData index,
            OrderKey partition,
            double units,
            List<KeyConditionTerm> terms,
            KeyAttribute[] partitionKey);

    /** As {@link #chargeRead}, but returns false instead of throwing (BatchGetItem's unprocessed keys). */
    boolean tryChargeRead(TableData table, IndexData index, OrderKey partition, double units, Object label);

    /**
     * Charges a whole TransactWriteItems (planned, every action's reason {@code None}), all or nothing. When
     * throttled, sets the reasons of the actions at fault, takes nothing and returns true.
     */
    boolean chargeTransaction(List<Transactions.WriteAction> actions);

    /** Charges a whole TransactGetItems, all or nothing; throws {@link TransactionCanceledException} when throttled. */
    void chargeTransactGet(List<Transactions.GetAction> gets);

    /** The default: no model, nothing to charge. */
    final class Unlimited implements ThroughputPolicy {
        private Unlimited() {}

        @Override
        public void validate(TableDefinition definition) {}

        @Override
        public void validate(GlobalSecondaryIndex index, String table) {}

        @Override
        public void register(TableData table) {}

        @Override
        public void forget(TableData table) {}

        @Override
        public void chargeWrite(Mutation m) {}

        @Override
        public void chargeRead(TableData table, IndexData index, OrderKey partition, double units, Object label) {}

        @Override
        public void chargeQuery(
                TableData table,
                IndexData index,
                OrderKey partition,
                double units,
                List<KeyConditionTerm> terms,
                KeyAttribute[] partitionKey) {}

        @Override
        public boolean tryChargeRead(TableData table, IndexData index, OrderKey partition, double units, Object label) {
            return true;
        }

        @Override
        public boolean chargeTransaction(List<Transactions.WriteAction> actions) {
            return false;
        }

        @Override
        public void chargeTransactGet(List<Transactions.GetAction> gets) {}
    }
}
