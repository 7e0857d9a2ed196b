package io.partita;

import io.partita.storage.api.ConsumedCapacity;
import java.time.Duration;
import java.util.List;

/**
 * One request a database sent, as its {@link RequestListener} sees it, after the request completed or failed.
 *
 * @param operation        DynamoDB's operation name: {@code GetItem}, {@code Query}, {@code BatchWriteItem}, …
 * @param table            the deployed table name (several, comma-separated, for a batch or transaction over
 *                         several tables)
 * @param index            the index a Query or Scan read, or {@code null}
 * @param consumedCapacity what the backend reported (empty unless the database asks for consumed capacity:
 *                         {@link Partita.Builder#consumedCapacity})
 * @param latency          from sending the request to its answer, retries included
 * @param attempts         how many times Partita sent it (1 plus its retries of throttles; on DynamoDB the SDK's
 *                         own retries happen inside one attempt and are reported by the SDK's metrics)
 * @param throttles        how many attempts were throttled
 * @param itemCount        items read (Query/Scan count, items found) or written
 * @param failure          the exception the request ended with, or {@code null}
 */
public record RequestEvent(
        String operation,
        String table,
        String index,
        List<ConsumedCapacity> consumedCapacity,
        Duration latency,
        int attempts,
        int throttles,
        int itemCount,
        RuntimeException failure) {
    public RequestEvent {
        consumedCapacity = consumedCapacity == null ? List.of() : List.copyOf(consumedCapacity);
    }

    /** Capacity units consumed, summed over the tables of the request. */
    public double capacityUnits() {
        double sum = 0;
        for (ConsumedCapacity c : consumedCapacity) {
            sum += c.capacityUnits();
        }
        return sum;
    }

    /** True when the request succeeded. */
    public boolean succeeded() {
        return failure == null;
    }
}
