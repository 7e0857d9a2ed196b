package io.partita.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.generated.EntityMapping;
import io.partita.mapping.Codecs;
import io.partita.mapping.ItemSchema;
import io.partita.storage.api.GetItemRequest;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A scatter whose shard count goes from 8 to 4, with random shards ({@code @Scatter} without {@code by}) in both of
 * its layouts: a Number shard attribute ({@code Shard}) and a {@code #<shard>} suffix of a rendered key
 * ({@code StatusKey}). A stored shard still valid for 4 is kept, one that is not is drawn again from the seeded
 * random source, so a second run finds every item migrated; an attribute no design declares is carried over.
 */
class RandomShardMigrationTest {
    private static final long SEED = 29L;
    private static final int TASKS = 200;
    private static final int SHARDS = 4;

    record Task(String id, String status) {}

    private static final TableDefinition TABLE = TableDefinition.builder("Tasks")
            .partitionKey(KeyAttribute.s("Id"))
            .globalSecondaryIndex(GlobalSecondaryIndex.of(
                    "ByShard", KeyAttribute.n("Shard"), KeyAttribute.s("Id"), Projection.keysOnly()))
            .globalSecondaryIndex(GlobalSecondaryIndex.of(
                    "ByStatus", KeyAttribute.s("StatusKey"), KeyAttribute.s("Id"), Projection.keysOnly()))
            .build();

    private static final ItemSchema<Task> SCHEMA = ItemSchema.builder(Task.class)
            .attribute("Id", Task::id, Codecs.STRING)
            .attribute("Status", Task::status, Codecs.STRING)
            .build(v -> new Task(v.get(0), v.get(1)));

    private static MigrationPlan plan(Random random) {
        EntityMapping<Task> mapping = EntityMapping.builder(TABLE, SCHEMA)
                .computed("Shard", t -> AttributeValue.n(Integer.toString(draw(random))))
                .computed("StatusKey", t -> AttributeValue.s("STATUS#" + t.status() + "#" + draw(random)), "Status")
                .build();
        return MigrationPlan.builder("Tasks")
                .entity("tasks.Task", mapping)
                .step("SCATTER", "ByShard", "tasks.Task", "{\"shards\":8}", "{\"shards\":4}")
                .step("SCATTER", "ByStatus", "tasks.Task", "{\"shards\":8}", "{\"shards\":4}")
                .randomShard("Shard", SHARDS, false)
                .randomShard("StatusKey", SHARDS, true)
                .build();
    }

    private static int draw(Random random) {
        synchronized (random) {
            return random.nextInt(SHARDS);
        }
    }

    @Test
    void validShardsAreKeptAndTheOthersDrawnAgainOnce() {
        System.out.println("RandomShardMigrationTest seed " + SEED);
        Random stored = new Random(SEED);
        MigrationPlan plan = plan(new Random(SEED + 1));
        Map<String, Integer> shardOf = new HashMap<>();
        Map<String, Integer> suffixOf = new HashMap<>();
        int valid = 0;
        try (Partita db = Partita.inMemory()) {
            db.tables().create(TABLE);
            for (int i = 0; i < TASKS; i++) {
                int shard = stored.nextInt(8);
                int suffix = stored.nextInt(8);
                shardOf.put("t" + i, shard);
                suffixOf.put("t" + i, suffix);
                valid += shard < SHARDS && suffix < SHARDS ? 1 : 0;
                Map<String, AttributeValue> item = new HashMap<>();
                item.put("Id", AttributeValue.s("t" + i));
                item.put("Status", AttributeValue.s("open"));
                item.put("Shard", AttributeValue.n(Integer.toString(shard)));
                item.put("StatusKey", AttributeValue.s("STATUS#open#" + suffix));
                item.put("Owner", AttributeValue.s("another writer's " + i));
                db.requests()
                        .putItem(PutItemRequest.builder()
                                .tableName("Tasks")
                                .item(item)
                                .build());
            }
            Migration m = Migrations.on(db).plan(plan);
            MigrationReport r = m.apply(MigrationOptions.defaults().withThreads(1));
            System.out.println(r + " (" + valid + " tasks with both shards valid for " + SHARDS + ")");
            assertThat(r.migrated()).isEqualTo(valid);
            assertThat(r.rewritten()).isEqualTo(TASKS - valid);
            for (int i = 0; i < TASKS; i++) {
                String id = "t" + i;
                Map<String, AttributeValue> item = db.requests()
                        .getItem(GetItemRequest.builder()
                                .tableName("Tasks")
                                .key(Map.of("Id", AttributeValue.s(id)))
                                .build())
                        .item();
                int shard = item.get("Shard").asN().intValue();
                String statusKey = item.get("StatusKey").asS();
                int suffix = Integer.parseInt(statusKey.substring(statusKey.lastIndexOf('#') + 1));
                assertThat(shard).isBetween(0, SHARDS - 1);
                assertThat(suffix).isBetween(0, SHARDS - 1);
                assertThat(statusKey).startsWith("STATUS#open#");
                if (shardOf.get(id) < SHARDS) {
                    assertThat(shard).as("kept shard of %s", id).isEqualTo(shardOf.get(id));
                }
                if (suffixOf.get(id) < SHARDS) {
                    assertThat(suffix).as("kept suffix of %s", id).isEqualTo(suffixOf.get(id));
                }
                assertThat(item.get("Owner")).isEqualTo(AttributeValue.s("another writer's " + i));
            }
            MigrationReport again = m.apply();
            assertThat(again.rewritten()).isZero();
            assertThat(again.migrated()).isEqualTo(TASKS);
        }
    }
}
