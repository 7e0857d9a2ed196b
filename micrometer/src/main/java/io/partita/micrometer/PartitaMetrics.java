package io.partita.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.partita.RequestEvent;
import io.partita.RequestListener;
import java.util.Objects;

/**
 * Publishes every request of a Partita database to a Micrometer {@link MeterRegistry}, following Micrometer's
 * naming conventions (lower-case dot-separated names, base units, the backend's naming convention decides the
 * final form, e.g. {@code partita_requests_seconds} in Prometheus):
 *
 * <table>
 * <caption>Meters</caption>
 * <tr><th>name</th><th>type</th><th>tags</th></tr>
 * <tr><td>{@code partita.requests}</td><td>timer (latency, retries included)</td>
 *     <td>{@code operation}, {@code table}, {@code index}, {@code outcome} ({@code success}/{@code error}),
 *     {@code exception}</td></tr>
 * <tr><td>{@code partita.consumed.capacity}</td><td>distribution summary, base unit {@code units}</td>
 *     <td>{@code operation}, {@code table}, {@code index}</td></tr>
 * <tr><td>{@code partita.items}</td><td>distribution summary, base unit {@code items}</td>
 *     <td>{@code operation}, {@code table}, {@code index}</td></tr>
 * <tr><td>{@code partita.throttles}</td><td>counter</td><td>{@code operation}, {@code table}</td></tr>
 * <tr><td>{@code partita.retries}</td><td>counter</td><td>{@code operation}, {@code table}</td></tr>
 * </table>
 *
 * {@code index} is {@code none} for table requests. Consumed capacity is recorded only when the database asks for
 * it ({@code Partita.Builder.consumedCapacity(TOTAL)}).
 *
 * <pre>{@code
 * Partita db = PartitaDynamoDb.builder(client)
 *         .listener(PartitaMetrics.of(registry))
 *         .consumedCapacity(ReturnConsumedCapacity.TOTAL)
 *         .build();
 * }</pre>
 */
public final class PartitaMetrics implements RequestListener {
    private final MeterRegistry registry;
    private final Tags common;

    private PartitaMetrics(MeterRegistry registry, Tags common) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.common = common;
    }

    /** A listener recording into {@code registry}. */
    public static PartitaMetrics of(MeterRegistry registry) {
        return new PartitaMetrics(registry, Tags.empty());
    }

    /** A listener recording into {@code registry}, adding {@code tags} to every meter (e.g. the database's role). */
    public static PartitaMetrics of(MeterRegistry registry, Tags tags) {
        return new PartitaMetrics(registry, tags);
    }

    @Override
    public void onRequest(RequestEvent e) {
        String index = e.index() == null ? "none" : e.index();
        Tags request = common.and("operation", e.operation(), "table", e.table());
        Tags indexed = request.and("index", index);
        Timer.builder("partita.requests")
                .description("Requests a Partita database sent, retries included")
                .tags(indexed)
                .tag("outcome", e.succeeded() ? "success" : "error")
                .tag(
                        "exception",
                        e.succeeded() ? "none" : e.failure().getClass().getSimpleName())
                .register(registry)
                .record(e.latency());
        DistributionSummary.builder("partita.items")
                .description("Items a request read or wrote")
                .baseUnit("items")
                .tags(indexed)
                .register(registry)
                .record(e.itemCount());
        if (!e.consumedCapacity().isEmpty()) {
            DistributionSummary.builder("partita.consumed.capacity")
                    .description("Capacity units a request consumed")
                    .baseUnit("units")
                    .tags(indexed)
                    .register(registry)
                    .record(e.capacityUnits());
        }
        if (e.throttles() > 0) {
            Counter.builder("partita.throttles")
                    .description("Throttled attempts")
                    .tags(request)
                    .register(registry)
                    .increment(e.throttles());
        }
        if (e.attempts() > 1) {
            Counter.builder("partita.retries")
                    .description("Attempts Partita retried")
                    .tags(request)
                    .register(registry)
                    .increment(e.attempts() - 1);
        }
    }
}
