package io.partita.dynamodb;

import io.partita.storage.api.TableDescription;
import java.time.Duration;
import java.util.function.Predicate;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbAsyncWaiter;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * Waits for table changes to take effect: the SDK waiter until a table exists or is gone, then DescribeTable with
 * back-off (50 ms doubling to 5 s) until the table and its indexes are ACTIVE or an index is gone. Gives up after
 * the backend's wait timeout with a {@link DynamoDbBackendException} (code {@code Timeout}).
 */
final class TableWaiter {
    private static final long FIRST_PAUSE_MILLIS = 50;
    private static final long LONGEST_PAUSE_MILLIS = 5000;

    private final SdkClient client;
    private final Duration timeout;

    TableWaiter(SdkClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** Until the table is ACTIVE, then until each of its GSIs is ACTIVE too. */
    TableDescription untilActive(String tableName) {
        long deadline = System.nanoTime() + timeout.toNanos();
        untilExists(tableName, true);
        return poll(
                tableName,
                deadline,
                t -> t.tableStatus() == TableStatus.ACTIVE
                        && (!t.hasGlobalSecondaryIndexes()
                                || t.globalSecondaryIndexes().stream()
                                        .allMatch(g -> g.indexStatus() == IndexStatus.ACTIVE)),
                "table " + tableName + " did not become ACTIVE within " + timeout);
    }

    /** Until the GSI {@code indexName} is gone and the table is ACTIVE again. */
    TableDescription untilIndexDeleted(String tableName, String indexName) {
        return poll(
                tableName,
                System.nanoTime() + timeout.toNanos(),
                t -> t.tableStatus() == TableStatus.ACTIVE
                        && (!t.hasGlobalSecondaryIndexes()
                                || t.globalSecondaryIndexes().stream()
                                        .noneMatch(g -> g.indexName().equals(indexName))),
                "index " + indexName + " was not deleted within " + timeout);
    }

    /** With the SDK waiter until the table exists ({@code exists}) or is gone. */
    void untilExists(String tableName, boolean exists) {
        WaiterOverrideConfiguration config =
                WaiterOverrideConfiguration.builder().waitTimeout(timeout).build();
        if (client.blocking() != null) {
            try (DynamoDbWaiter waiter = DynamoDbWaiter.builder()
                    .client(client.blocking())
                    .overrideConfiguration(config)
                    .build()) {
                SdkClient.call(() -> exists
                        ? waiter.waitUntilTableExists(b -> b.tableName(tableName))
                        : waiter.waitUntilTableNotExists(b -> b.tableName(tableName)));
            }
            return;
        }
        try (DynamoDbAsyncWaiter waiter = DynamoDbAsyncWaiter.builder()
                .client(client.async())
                .overrideConfiguration(config)
                .build()) {
            if (exists) {
                SdkClient.join(waiter.waitUntilTableExists(b -> b.tableName(tableName)));
            } else {
                SdkClient.join(waiter.waitUntilTableNotExists(b -> b.tableName(tableName)));
            }
        }
    }

    /** DescribeTable until {@code done} holds of the table, pausing longer each time; throws after the deadline. */
    private TableDescription poll(
            String tableName,
            long deadline,
            Predicate<software.amazon.awssdk.services.dynamodb.model.TableDescription> done,
            String timeoutMessage) {
        for (long pause = FIRST_PAUSE_MILLIS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MILLIS)) {
            var t = client.describe(tableName);
            if (done.test(t)) {
                return SdkTables.description(t);
            }
            if (System.nanoTime() > deadline) {
                throw new DynamoDbBackendException("Timeout", 0, timeoutMessage, null);
            }
            pause(pause);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DynamoDbBackendException("Interrupted", 0, "interrupted while waiting for a table", e);
        }
    }
}
