package io.partita.dynamodb.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.dynamodb.DynamoDbLocal;
import io.partita.dynamodb.PartitaDynamoDb;
import io.partita.it.migrate.MigOrder;
import io.partita.it.migrate.MigOrderRepository;
import io.partita.it.migrate.MigShopMigrations;
import io.partita.migration.Migration;
import io.partita.migration.MigrationOptions;
import io.partita.migration.MigrationReport;
import io.partita.migration.Migrations;
import io.partita.progress.Progress;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The generated plan run through the DynamoDB backend on DynamoDB Local: the new index created (its backfill awaited
 * through DescribeTable), every order rewritten under its new key in one transaction each, paced by the write
 * capacity DynamoDB reports as consumed (on an injected clock, so the test does not wait), a second run finding
 * nothing, and the index serving the new access pattern.
 */
class MigrationOnDynamoDbTest {
    private static final int ORDERS = 120;

    /** A clock moved by the sleeper instead of waiting. */
    static final class SleptClock extends Clock {
        final AtomicLong millis = new AtomicLong(1_000_000);
        final AtomicLong slept = new AtomicLong();

        MigrationOptions.Sleeper sleeper() {
            return d -> {
                slept.addAndGet(d.toMillis());
                millis.addAndGet(d.toMillis());
            };
        }

        @Override
        public long millis() {
            return millis.get();
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Test
    void theGeneratedPlanRunsOnDynamoDbLocalRateLimitedByConsumedCapacity() {
        DynamoDbLocal.deleteAllTables();
        try (Partita db = PartitaDynamoDb.builder(DynamoDbLocal.client()).build()) {
            db.tables()
                    .create(TableDefinition.builder("MigShop")
                            .partitionKey(KeyAttribute.s("PK"))
                            .sortKey(KeyAttribute.s("SK"))
                            .build());
            for (int i = 0; i < ORDERS; i++) {
                db.requests()
                        .putItem(PutItemRequest.builder()
                                .tableName("MigShop")
                                .item(Map.of(
                                        "PK", AttributeValue.s("ORDER#o" + i),
                                        "SK", AttributeValue.s("ORDER"),
                                        "_type", AttributeValue.s("Order"),
                                        "id", AttributeValue.s("o" + i),
                                        "customer", AttributeValue.s("c" + i % 4),
                                        "Amount", AttributeValue.n(Integer.toString(i))))
                                .build());
            }
            Migration m = Migrations.on(db).plan(MigShopMigrations.PLAN);
            MigrationReport dry = m.dryRun();
            assertThat(dry.rewritten()).isEqualTo(ORDERS);
            assertThat(dry.indexes()).containsExactly("ByCustomer");

            SleptClock clock = new SleptClock();
            List<Progress> progress = Collections.synchronizedList(new ArrayList<>());
            MigrationReport r = m.apply(MigrationOptions.defaults()
                    .withSegments(2)
                    .withThreads(2)
                    .withPageSize(25)
                    .withCapacityUnitsPerSecond(100)
                    .withBackfill(Duration.ofMinutes(5), Duration.ofMillis(100))
                    .withClock(clock, clock.sleeper())
                    .withProgress(progress::add));
            assertThat(r.rewritten()).isEqualTo(ORDERS);
            assertThat(r.movedKeys()).isEqualTo(ORDERS);
            assertThat(r.indexes()).containsExactly("ByCustomer");
            assertThat(r.complete()).isTrue();
            // a transaction of a put and a delete of small items consumes 4 write units on DynamoDB: 120 of them at
            // 100 units/s are paced over about 4.8 s of the injected clock
            assertThat(clock.slept.get()).isGreaterThan(4_000L);
            assertThat(progress.get(progress.size() - 1).done())
                    .isGreaterThanOrEqualTo(ORDERS); // moved items may be read again

            assertThat(m.apply().rewritten()).isZero();
            assertThat(m.dryRun().complete()).isTrue();
            List<MigOrder> ofC1 = MigOrderRepository.of(db).byCustomer("c1").list();
            assertThat(ofC1)
                    .hasSize(ORDERS / 4)
                    .allSatisfy(o -> assertThat(o.total()).isEqualTo(Long.parseLong(o.id().substring(1))));
        }
    }
}
